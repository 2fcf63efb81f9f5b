import type { Connection, ConnectionProvider } from '@revlane/contracts';
import type { ProviderSettings } from '../../../platform/connections-config.js';
import type { SyncRecord } from '../../../ingestion/index.js';
import type { ConnectionRecord } from '../../../integrations/index.js';

/** A failed run since the (re)connection is the card's error; an older one is history. */
const failedSince = (sync: SyncRecord | undefined, connectedAt: Date | null) =>
  sync?.status === 'failed' && (!connectedAt || sync.createdAt >= connectedAt);

/**
 * A connection as answered: status, account, access and the last sync, never a token
 * (docs/architecture.md §10). A CRM whose latest run is queued or running is `syncing`; one
 * whose latest run since it was (re)connected failed is `error`, with that run's error.
 */
export function toConnection(
  provider: ConnectionProvider,
  settings: ProviderSettings,
  row: ConnectionRecord | undefined,
  lastSync: SyncRecord | undefined,
  lastSucceeded: Date | null,
): Connection {
  const isConnected = row !== undefined && row.status !== 'not_connected';
  const isRunning = lastSync?.status === 'queued' || lastSync?.status === 'running';
  const isFailed = isConnected && failedSince(lastSync, row.connectedAt);
  const status = !row
    ? 'not_connected'
    : row.status === 'connected' && isRunning
      ? 'syncing'
      : row.status === 'connected' && isFailed
        ? 'error'
        : row.status;
  return {
    provider,
    status,
    account: isConnected ? row.account : null,
    access: isConnected ? row.access : null,
    connectedAt: isConnected ? (row.connectedAt?.toISOString() ?? null) : null,
    lastSyncAt: lastSucceeded?.toISOString() ?? null,
    lastError: row?.lastError ?? (isFailed ? lastSync!.error : null),
    // With SAAS_SANDBOX=false an unconfigured provider has no sandbox to offer either.
    sandbox: isConnected ? row.sandbox : settings.sandbox && settings.isAvailable,
    available: settings.isAvailable,
    sourceId: row?.sourceId ?? null,
  };
}
