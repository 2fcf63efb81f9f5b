import { CONNECTION_LABELS, CRM_PROVIDERS, type Connection } from '@revlane/contracts';
import { Button, Tag } from 'antd';
import { useId, useState } from 'react';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { useAuthorize, useSyncConnection } from '../api/connection-actions';
import {
  ACCESS_LABELS,
  CONNECTION_STATUS_LABELS,
  connectLabel,
  isLinked,
} from '../lib/connection-status';
import { ProviderLogo } from './provider-logo';
import { SandboxReceivedDrawer } from './sandbox-received-drawer';

interface ConnectionCardProps {
  connection: Connection;
  description: string;
  /** False for a member: every action is disabled and says why. */
  canEdit: boolean;
  onDisconnect: () => void;
}

const isCrm = (provider: string) => (CRM_PROVIDERS as readonly string[]).includes(provider);

/**
 * One provider (docs/product.md §2, Connections): status, account, access, last sync and
 * error, with the actions its state allows. A sandbox connection is labelled so.
 */
export function ConnectionCard({
  connection,
  description,
  canEdit,
  onDisconnect,
}: ConnectionCardProps) {
  const titleId = useId();
  const { provider } = connection;
  const authorize = useAuthorize();
  const sync = useSyncConnection();
  const status = CONNECTION_STATUS_LABELS[connection.status];
  const connect = connectLabel(connection);
  const linked = isLinked(connection);
  const isSyncing = connection.status === 'syncing' || sync.isPending;
  const [isReceivedOpen, setReceivedOpen] = useState(false);
  // Only a sandbox that was authorized can have received anything (ADR 0021).
  const hasSandboxLog = connection.sandbox && connection.status !== 'not_connected';

  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-3">
        <ProviderLogo provider={provider} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-sm font-semibold text-slate-900">
            {CONNECTION_LABELS[provider]}
          </h3>
          <p className="truncate text-xs text-slate-500">{description}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <Tag color={status.color} className="!m-0">
            {status.text}
          </Tag>
          {connection.sandbox && (
            <Tag color="purple" className="!m-0">
              Sandbox
            </Tag>
          )}
        </div>
      </div>
      {connection.status !== 'not_connected' && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
          <dt className="text-slate-500">Account</dt>
          <dd className="truncate text-right text-slate-800">{connection.account ?? '—'}</dd>
          <dt className="text-slate-500">Access</dt>
          <dd className="text-right text-slate-800">
            {connection.access ? ACCESS_LABELS[connection.access] : '—'}
          </dd>
          {isCrm(provider) && (
            <>
              <dt className="text-slate-500">Last sync</dt>
              <dd className="text-right text-slate-800">
                {connection.lastSyncAt ? formatTimestamp(connection.lastSyncAt) : '—'}
              </dd>
            </>
          )}
        </dl>
      )}
      {!connection.available && connection.status === 'not_connected' && (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600">
          Not available: this app has no {CONNECTION_LABELS[provider]} client id configured.
        </p>
      )}
      {connection.lastError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
          {connection.lastError}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        {connect && (
          <AdminOnlyButton
            canEdit={canEdit}
            action="connect tools"
            size="small"
            type="primary"
            loading={authorize.isPending}
            onClick={() => authorize.mutate({ provider })}
          >
            {connect}
          </AdminOnlyButton>
        )}
        {linked && isCrm(provider) && (
          <AdminOnlyButton
            canEdit={canEdit}
            action="sync tools"
            size="small"
            type="primary"
            loading={isSyncing}
            disabled={isSyncing}
            onClick={() => sync.mutate(provider)}
          >
            Sync now
          </AdminOnlyButton>
        )}
        {linked && provider === 'intercom' && connection.access === 'read' && (
          <AdminOnlyButton
            canEdit={canEdit}
            action="connect tools"
            size="small"
            loading={authorize.isPending}
            onClick={() => authorize.mutate({ provider, writeAccess: true })}
          >
            Grant write access
          </AdminOnlyButton>
        )}
        {connection.status !== 'not_connected' && (
          <AdminOnlyButton
            canEdit={canEdit}
            action="disconnect tools"
            size="small"
            danger
            onClick={onDisconnect}
          >
            Disconnect
          </AdminOnlyButton>
        )}
        {hasSandboxLog && (
          // A read: members may look too.
          <Button size="small" type="link" onClick={() => setReceivedOpen(true)}>
            What the sandbox received
          </Button>
        )}
      </div>
      {hasSandboxLog && (
        <SandboxReceivedDrawer
          provider={provider}
          open={isReceivedOpen}
          onClose={() => setReceivedOpen(false)}
        />
      )}
    </li>
  );
}
