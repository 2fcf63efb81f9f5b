import { z } from 'zod';
import type { JobOptions } from '../../../platform/jobs/job-queue.js';

/**
 * The jobs of membership snapshots (docs/architecture.md §6): their names and payloads. Handlers live in
 * the files named after what they do; the plugin wires them to the queue.
 */
export const COHORT_SNAPSHOTS_JOB = 'cohort-snapshots';
/** `snapshotAt` travels in the payload so a retry snapshots the same moment (idempotent). */
export const cohortSnapshotsJobSchema = z.object({
  orgId: z.string().min(1),
  snapshotAt: z.iso.datetime(),
});
export type CohortSnapshotsJob = z.infer<typeof cohortSnapshotsJobSchema>;

export const COHORT_BACKFILL_JOB = 'cohort-backfill';
/** Daily snapshots for `days` days before `until`, then a snapshot at `until`. */
export const cohortBackfillJobSchema = z.object({
  orgId: z.string().min(1),
  days: z.number().int().min(1).max(366),
  until: z.iso.datetime(),
});
export type CohortBackfillJob = z.infer<typeof cohortBackfillJobSchema>;

/** Moves metric windows on for every loaded organization, then publishes "warehouse loaded". */
export const DAILY_REFRESH_JOB = 'daily-refresh';
/** 03:15 UTC: after midnight everywhere in Europe, before the working day in the Americas. */
export const DAILY_REFRESH_CRON = '15 3 * * *';

/** One pending run per organization; a failed run retries the same moment. */
export const snapshotJobOptions = (orgId: string): JobOptions => ({
  singletonKey: orgId,
  retryLimit: 3,
  retryDelaySeconds: 2,
});

/** Days of history the demo organization starts with, so its trends are not empty. */
export const DEMO_BACKFILL_DAYS = 180;
