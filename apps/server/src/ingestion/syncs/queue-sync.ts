import type { Database } from '../../platform/database/database.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { SOURCE_SYNC_JOB, SYNC_RETRY_LIMIT, type SourceSyncJob } from './sync-jobs.js';
import { activeSyncOf, insertSyncUnlessActive, type SyncRecord } from './syncs.repository.js';

/**
 * Starts a sync of the source unless one is already queued or running: that one is answered
 * instead (one run at a time per source). Two requests racing here both get the same run:
 * the unique index on a source's active run lets only one insert win, and the loser reads
 * the winner's run.
 */
export async function queueSync(
  db: Database,
  jobs: JobQueue,
  orgId: string,
  sourceId: string,
): Promise<SyncRecord> {
  // A run that finished between the conflict and the read frees the slot: try again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const active = await activeSyncOf(db, orgId, sourceId);
    if (active) return active;
    const run = await insertSyncUnlessActive(db, orgId, sourceId);
    if (run) {
      await sendSyncJob(jobs, run);
      return run;
    }
  }
  throw new Error('Could not queue a sync: the source’s runs kept changing.');
}

/**
 * The job of a queued run, keyed by the run: sent again by the sweep for a run whose job
 * was lost (the process died between the insert and the send), it is not queued twice.
 */
export async function sendSyncJob(
  jobs: JobQueue,
  run: Pick<SyncRecord, 'id' | 'orgId' | 'sourceId'>,
) {
  await jobs.send<SourceSyncJob>(
    SOURCE_SYNC_JOB,
    { orgId: run.orgId, sourceId: run.sourceId, syncId: run.id },
    { retryLimit: SYNC_RETRY_LIMIT, retryDelaySeconds: 5, singletonKey: run.id },
  );
}
