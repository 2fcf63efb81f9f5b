import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import {
  COHORT_BACKFILL_JOB,
  COHORT_SNAPSHOTS_JOB,
  DEMO_BACKFILL_DAYS,
  snapshotJobOptions,
  type CohortBackfillJob,
  type CohortSnapshotsJob,
} from './snapshot-jobs.js';

/** Queues a snapshot of the organization's cohorts as of now (after a load or a change). */
export function sendCohortSnapshots(jobs: JobQueue, orgId: string): Promise<string | null> {
  const data: CohortSnapshotsJob = { orgId, snapshotAt: new Date().toISOString() };
  return jobs.send(COHORT_SNAPSHOTS_JOB, data, snapshotJobOptions(orgId));
}

/**
 * For the cohorts CRUD and data loads: snapshot the organization's cohorts soon. At most one
 * run waits per organization; it reads the cohorts when it runs, so it covers later changes.
 */
export function requestCohortSnapshots(app: FastifyInstance, orgId: string) {
  return sendCohortSnapshots(app.jobs, orgId);
}

/**
 * Back-fills daily snapshots for cohorts that have none or whose history was asked for (a
 * cohort created or given new filters, ADR 0013), then snapshots every cohort now (so it
 * also serves as a regular snapshot). The demo load's back-fill follows its "warehouse
 * loaded" event instead (after-warehouse-loaded.ts).
 */
export function sendCohortBackfill(
  jobs: JobQueue,
  orgId: string,
  days = DEMO_BACKFILL_DAYS,
): Promise<string | null> {
  const data: CohortBackfillJob = { orgId, days, until: new Date().toISOString() };
  return jobs.send(COHORT_BACKFILL_JOB, data, snapshotJobOptions(orgId));
}

/** `sendCohortBackfill` on the app's queue, for other modules and start-up. */
export function requestCohortBackfill(
  app: FastifyInstance,
  orgId: string,
  days = DEMO_BACKFILL_DAYS,
) {
  return sendCohortBackfill(app.jobs, orgId, days);
}
