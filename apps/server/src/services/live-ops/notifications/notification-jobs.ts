import { z } from 'zod';
import type { JobOptions } from '../../../platform/jobs/job-queue.js';

/** Sends one delivery row (ADR 0023); the payload is the row, which says everything else. */
export const NOTIFICATION_DELIVERY_JOB = 'notification-delivery';
export const notificationDeliveryJobSchema = z.object({ deliveryId: z.uuid() });
export type NotificationDeliveryJob = z.infer<typeof notificationDeliveryJobSchema>;

/** Queues again the jobs of deliveries still pending: the outbox's relay after a crash. */
export const NOTIFICATION_SWEEP_JOB = 'notification-delivery-sweep';
export const NOTIFICATION_SWEEP_CRON = '* * * * *';

/**
 * A claimed delivery is another worker's for this long (a send that hangs is given up);
 * `ALERT_DELIVERY_LEASE_SECONDS` sets it. It outlasts the sender's Retry-After waits.
 */
export const DELIVERY_LEASE_MS = 120_000;
export const notificationSweepJobSchema = z.object({
  /** The sweep a starting process runs: rows of a killed process go out now, not in minutes. */
  atStart: z.boolean().optional(),
});

/** One queued job per delivery; the queue's own retries cover a crashed handler. */
export const deliveryJobOptions = (deliveryId: string): JobOptions => ({
  singletonKey: deliveryId,
  retryLimit: 5,
  retryDelaySeconds: 5,
});
