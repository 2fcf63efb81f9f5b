import { CONNECTION_LABELS, type ConnectionProvider } from '@revlane/contracts';
import type { Queryable } from '../../platform/database/queryable.js';
import { listConnectionRows } from './connections.repository.js';

/** A connection that can send: connected, or connected and syncing or with a sync error. */
const CAN_SEND = new Set(['connected', 'syncing', 'error']);

/**
 * What an alert or play that sends through these providers should warn about
 * (docs/product.md §7): "Slack is not connected" once Slack was disconnected, "Slack needs
 * to be reconnected" when it refused the saved authorization. Empty when all can send;
 * reconnecting clears it, as it is read with each answer.
 */
export async function connectionWarnings(db: Queryable, orgId: string) {
  const rows = await listConnectionRows(db, orgId);
  const status = new Map(rows.map((row) => [row.provider, row.status]));
  return (providers: Iterable<ConnectionProvider>): string[] =>
    [...new Set(providers)].flatMap((provider) => {
      const now = status.get(provider);
      if (now && CAN_SEND.has(now)) return [];
      const label = CONNECTION_LABELS[provider];
      return [
        now === 'reconnect_needed'
          ? `${label} needs to be reconnected`
          : `${label} is not connected`,
      ];
    });
}
