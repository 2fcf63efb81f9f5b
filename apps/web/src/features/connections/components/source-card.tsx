import type { Source } from '@revlane/contracts';
import { Button, Tag } from 'antd';
import { useId } from 'react';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { useCancelSync } from '../api/cancel-sync';
import { useStartSync } from '../api/start-sync';
import { SOURCE_TYPE_INFO } from '../lib/source-types';
import { formatCount, isSyncActive, SYNC_STATUS_LABELS } from '../lib/sync-status';
import { LandedColumns } from './landed-columns';
import { SourceTypeIcon } from './source-type-icon';
import { SyncWarnings } from './sync-warnings';

interface SourceCardProps {
  source: Source;
  /** False for a member: syncs and changes are disabled, the mapping opens to be read. */
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the mapping editor from this source (read-only for a member). */
  onMap: () => void;
}

/** One data source: what it is, how its last sync went, and what can be done with it. */
export function SourceCard({ source, canEdit, onEdit, onDelete, onMap }: SourceCardProps) {
  const titleId = useId();
  const sync = source.lastSync;
  const startSync = useStartSync();
  const cancelSync = useCancelSync();
  const isActive = isSyncActive(sync) || startSync.isPending;
  const status = sync
    ? SYNC_STATUS_LABELS[sync.status]
    : { text: 'Never synced', color: 'default' };
  const lastSyncAt = sync?.finishedAt ?? sync?.startedAt ?? null;

  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-3">
        <SourceTypeIcon type={source.type} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-sm font-semibold text-slate-900">
            {source.name}
          </h3>
          <p className="text-xs text-slate-500">{SOURCE_TYPE_INFO[source.type].label}</p>
        </div>
        <Tag color={status.color} className="!m-0">
          {status.text}
        </Tag>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        <dt className="text-slate-500">Last sync</dt>
        <dd className="text-right text-slate-800">
          {lastSyncAt ? formatTimestamp(lastSyncAt) : '—'}
        </dd>
        {/* What the warehouse holds: a run's own rows are 0 when nothing changed or it failed. */}
        <dt className="text-slate-500">Rows</dt>
        <dd className="text-right text-slate-800">
          {source.rowsInWarehouse === null ? '—' : formatCount(source.rowsInWarehouse)}
        </dd>
      </dl>
      {sync?.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
          {sync.error}
        </p>
      )}
      {sync && <SyncWarnings warnings={sync.warnings} />}
      {sync && <LandedColumns tables={sync.tables} />}
      <div className="mt-auto flex flex-wrap gap-2">
        <AdminOnlyButton
          canEdit={canEdit}
          action="sync sources"
          size="small"
          type="primary"
          loading={isActive}
          disabled={isActive}
          onClick={() => startSync.mutate(source.id)}
        >
          Sync now
        </AdminOnlyButton>
        {sync && isSyncActive(sync) && (
          <AdminOnlyButton
            canEdit={canEdit}
            action="cancel syncs"
            size="small"
            loading={cancelSync.isPending}
            onClick={() => cancelSync.mutate(sync.id)}
          >
            Cancel
          </AdminOnlyButton>
        )}
        <Button size="small" onClick={onMap}>
          Map to accounts and contacts
        </Button>
        <AdminOnlyButton canEdit={canEdit} action="change sources" size="small" onClick={onEdit}>
          Edit
        </AdminOnlyButton>
        <AdminOnlyButton
          canEdit={canEdit}
          action="delete sources"
          size="small"
          danger
          onClick={onDelete}
        >
          Delete
        </AdminOnlyButton>
      </div>
    </li>
  );
}
