import type { ConnectionProvider } from '@revlane/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { InlineAlert } from '@/common/ui/inline-alert';
import { Loader } from '@/common/ui/loader';
import { useConnections } from '../api/get-connections';
import { useOAuthResultToast } from '../hooks/use-oauth-result-toast';
import { CRM_TOOLS } from '../lib/source-types';
import { ConnectionCard } from './connection-card';
import { DisconnectDialog } from './disconnect-dialog';

const DESCRIPTIONS = new Map<string, string>(CRM_TOOLS.map((tool) => [tool.id, tool.description]));

/**
 * The CRM and tool connections (Salesforce, HubSpot, Intercom, Outreach, Slack; ADR 0021): a
 * card per provider, and the toast that tells how an OAuth round trip went. Only admins
 * (`canEdit`) connect, sync and disconnect.
 */
export function CrmToolsSection({ canEdit }: { canEdit: boolean }) {
  const connections = useConnections();
  const [disconnecting, setDisconnecting] = useState<ConnectionProvider | null>(null);
  useOAuthResultToast();

  return (
    <section aria-labelledby="crm-tools-title" className="mt-10">
      <h2 id="crm-tools-title" className="mb-4 text-base font-semibold text-slate-900">
        CRM &amp; tools
      </h2>
      {connections.isPending && <Loader label="Loading connections" />}
      {connections.isError && (
        <InlineAlert
          type="error"
          title="Connections could not be loaded"
          action={
            <Button size="small" onClick={() => void connections.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {connections.data && (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {connections.data.map((connection) => (
            <ConnectionCard
              key={connection.provider}
              connection={connection}
              canEdit={canEdit}
              description={DESCRIPTIONS.get(connection.provider) ?? ''}
              onDisconnect={() => setDisconnecting(connection.provider)}
            />
          ))}
        </ul>
      )}
      {disconnecting && (
        <DisconnectDialog provider={disconnecting} onClose={() => setDisconnecting(null)} />
      )}
    </section>
  );
}
