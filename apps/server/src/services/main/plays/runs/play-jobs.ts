import { z } from 'zod';
import type { JobOptions } from '../../../../platform/jobs/job-queue.js';

/** Sends a run's pending items (ADR 0024); the payload is the run, which says everything else. */
export const PLAY_RUN_JOB = 'play-run';
export const playRunJobSchema = z.object({ runId: z.uuid() });

/** Every minute: starts the schedule plays that are due, and re-queues stranded runs. */
export const PLAY_TICK_JOB = 'play-tick';
export const PLAY_TICK_CRON = '* * * * *';

/** One queued job per run; the queue's own retries (with backoff) cover a crashed handler. */
export const playRunJobOptions = (runId: string): JobOptions => ({
  singletonKey: runId,
  retryLimit: 8,
  retryDelaySeconds: 5,
});
