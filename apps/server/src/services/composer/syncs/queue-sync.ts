import type { Database } from '../../../platform/database/database.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import { SOURCE_SYNC_JOB, SYNC_RETRY_LIMIT, type SourceSyncJob } from './sync-jobs.js';
import { activeSyncOf, insertSync, type SyncRecord } from './syncs.repository.js';

/**
 * Starts a sync of the source unless one is already queued or running (that one is
 * answered instead: one run at a time per source).
 */
export async function queueSync(
  db: Database,
  jobs: JobQueue,
  orgId: string,
  sourceId: string,
): Promise<SyncRecord> {
  const active = await activeSyncOf(db, orgId, sourceId);
  if (active) return active;
  const run = await insertSync(db, orgId, sourceId);
  await jobs.send<SourceSyncJob>(
    SOURCE_SYNC_JOB,
    { orgId, sourceId, syncId: run.id },
    { retryLimit: SYNC_RETRY_LIMIT, retryDelaySeconds: 5 },
  );
  return run;
}
