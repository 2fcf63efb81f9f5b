import type { Sync, SyncStatus } from '@revlane/contracts';

/** A run that may still change: the list and the wizard poll while one is. */
export const isSyncActive = (sync: Pick<Sync, 'status'> | null | undefined): boolean =>
  sync?.status === 'queued' || sync?.status === 'running';

/** How a run's status reads on a card, and the tag colour it gets. */
export const SYNC_STATUS_LABELS: Record<SyncStatus, { text: string; color: string }> = {
  queued: { text: 'Queued', color: 'default' },
  running: { text: 'Syncing', color: 'processing' },
  succeeded: { text: 'Succeeded', color: 'success' },
  failed: { text: 'Failed', color: 'error' },
  cancelled: { text: 'Cancelled', color: 'warning' },
};

/** Rows a run has landed: written once the tables swapped in, else read so far. */
export const syncRows = (sync: Pick<Sync, 'rowsRead' | 'rowsWritten'>): number =>
  Math.max(sync.rowsWritten, sync.rowsRead);

export const formatCount = (count: number): string => count.toLocaleString('en-US');
