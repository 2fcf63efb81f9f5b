import { z } from 'zod';
import type { JobOptions } from '../../../../platform/jobs/job-queue.js';

/** Plans and sends one activation run (ADR 0033); the payload is the run. */
export const ACTIVATION_RUN_JOB = 'activation-run';
export const activationRunJobSchema = z.object({ runId: z.uuid() });

/** Every minute: starts due hourly and daily activations, resumes runs nobody is running. */
export const ACTIVATION_TICK_JOB = 'activation-tick';
export const ACTIVATION_TICK_CRON = '* * * * *';

/** One queued job per run; the queue's own retries (with backoff) cover a crashed handler. */
export const activationRunJobOptions = (runId: string): JobOptions => ({
  singletonKey: runId,
  retryLimit: 8,
  retryDelaySeconds: 5,
});
