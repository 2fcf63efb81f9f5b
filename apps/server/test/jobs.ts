import type { DatabaseHandle } from '../src/platform/database/database.js';
import type { JobHandler } from '../src/platform/jobs/job-queue.js';
import {
  PgBossJobQueue,
  type PgBossJobQueueOptions,
} from '../src/platform/jobs/pg-boss-job-queue.js';

/** Polling as fast as pg-boss allows, so a test waits little for its jobs. */
export const FAST_JOBS_ENV = { JOBS_POLLING_INTERVAL_SECONDS: '0.5' };

/**
 * A started queue on a test database with fast polling. Background errors fail the test
 * through `errors` (checked by the caller) instead of vanishing.
 */
export async function startTestJobQueue(
  database: DatabaseHandle,
  options: Partial<PgBossJobQueueOptions> = {},
): Promise<{ queue: PgBossJobQueue; errors: unknown[] }> {
  const errors: unknown[] = [];
  const queue = new PgBossJobQueue({
    database,
    pollingIntervalSeconds: 0.5,
    onError: (error) => errors.push(error),
    ...options,
  });
  await queue.start();
  return { queue, errors };
}

/** A promise with its resolve exposed: lets a test hold a job mid-run and release it. */
export function createLatch<T = void>(): { promise: Promise<T>; release: (value: T) => void } {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

export interface RecordedRun {
  data: unknown;
  attempt: number;
}

/** A handler that only records what it was given, and the runs it recorded. */
export function recordRuns(): { runs: RecordedRun[]; handler: JobHandler<object> } {
  const runs: RecordedRun[] = [];
  const handler: JobHandler<object> = (data, job) => {
    runs.push({ data, attempt: job.attempt });
    return Promise.resolve();
  };
  return { runs, handler };
}
