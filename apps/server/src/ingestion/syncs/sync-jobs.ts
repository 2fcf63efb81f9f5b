import { z } from 'zod';

/** One sync run (`source_syncs` row) as a pg-boss job. */
export const SOURCE_SYNC_JOB = 'source-sync';
/** Every minute: fail runs whose process died, and start scheduled syncs that are due. */
export const SOURCE_SYNCS_SWEEP_JOB = 'source-syncs-sweep';
export const SOURCE_SYNCS_SWEEP_CRON = '* * * * *';

export const sourceSyncJobSchema = z.object({
  orgId: z.string().min(1),
  sourceId: z.string().min(1),
  syncId: z.string().min(1),
});
export type SourceSyncJob = z.infer<typeof sourceSyncJobSchema>;

/** Attempts after the first; a transient failure (timeout, reset) is retried this often. */
export const SYNC_RETRY_LIMIT = 2;
/** A running run writes its heartbeat this often… */
export const HEARTBEAT_MS = 5_000;
/** …and one silent for this long belongs to a process that died. */
export const STALE_AFTER_SECONDS = 60;
export const INTERRUPTED_MESSAGE =
  'Interrupted: the server stopped during the sync. The previous data is unchanged; sync again.';
