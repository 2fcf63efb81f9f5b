import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/database/database.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { SlackSender } from '../../../integrations/index.js';
import {
  claimDelivery,
  deliveryHeldUntil,
  findDeliveryFiring,
  finishDelivery,
} from './deliveries.repository.js';
import type { DeliveryRecord } from './firings.repository.js';
import { nextAttemptAt } from '../../../platform/delivery/retry-schedule.js';
import type { DeliveriesFailed } from '../../../platform/events/app-events.js';
import { DELIVERY_LEASE_MS } from './notification-jobs.js';
import { emailMessage, slackPost, type FiringMessage } from './slack-message.js';

export interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  /**
   * The organization's Slack workspace (ADR 0025): it waits out 429s by their Retry-After and
   * paces each channel across processes, shared with plays (ADR 0035); a channel booked too
   * far ahead answers "rate limited", and the row waits for its next attempt.
   */
  slack: SlackSender;
  appUrl: string;
  log: FastifyBaseLogger;
  /** How long a claim holds the row (`ALERT_DELIVERY_LEASE_SECONDS`); default DELIVERY_LEASE_MS. */
  leaseMs?: number;
  /** Seconds between a delivery's attempts (`DELIVERY_RETRY_SCHEDULE`); its length + 1 tries. */
  retryScheduleSeconds: readonly number[];
  /** Waits for a retry due soon (tests: the same clock). */
  sleep?: (ms: number) => Promise<void>;
  /** Runs after the provider accepted, before the row is marked (tests crash here). */
  afterSend?: (delivery: DeliveryRecord) => void;
  /** Told when a delivery fails for good (the admins' notice). */
  onFailed?: (event: DeliveriesFailed) => Promise<void>;
}

type Outcome = {
  status: 'sent' | 'failed' | 'pending';
  error: string | null;
  /** A longer wait the provider asked for (Slack's `Retry-After`). */
  retryAfterSeconds?: number;
};

/** A retry due this soon is waited for in the job; later ones wait for the minute's sweep. */
const WAIT_IN_JOB_MS = 30_000;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends one delivery row of the outbox (ADR 0023) and marks it: sent once the provider
 * accepted it; failed for good on a permanent error or once `DELIVERY_RETRY_SCHEDULE` is
 * spent; else pending until its next attempt (a longer `Retry-After` wins), waited for here
 * when it is due within 30 s, else left to the minute's sweep. A row already sent is left
 * alone; a row another worker holds makes the job throw, so it is tried after the lease.
 */
export async function deliverNotification(
  deps: DeliveryDeps,
  deliveryId: string,
  now = new Date(),
): Promise<void> {
  let at = now;
  for (;;) {
    const retryAt = await attemptDelivery(deps, deliveryId, at);
    if (!retryAt) return;
    const wait = retryAt.getTime() - Date.now();
    if (wait > WAIT_IN_JOB_MS) return;
    await (deps.sleep ?? pause)(Math.max(wait, 0));
    at = new Date(Math.max(Date.now(), retryAt.getTime()));
  }
}

/** One attempt; answers when the next is due (null: sent, failed, or not this worker's). */
async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
  now: Date,
): Promise<Date | null> {
  const delivery = await claimDelivery(deps.db, deliveryId, now, deps.leaseMs ?? DELIVERY_LEASE_MS);
  if (!delivery) {
    // Held (maybe by a killed worker): the queue tries again later, when the lease may be out.
    const heldUntil = await deliveryHeldUntil(deps.db, deliveryId, now);
    if (heldUntil)
      throw new Error(`Delivery ${deliveryId} is held until ${heldUntil.toISOString()}`);
    return null;
  }
  const outcome = await send(deps, delivery).catch((error: unknown): Outcome => ({
    status: 'pending',
    error: (error as Error).message,
  }));
  if (outcome.status === 'sent') deps.afterSend?.(delivery);
  // `attempts` counts this claim.
  const retryAt =
    outcome.status === 'pending'
      ? nextAttemptAt(
          deps.retryScheduleSeconds,
          delivery.attempts,
          new Date(),
          outcome.retryAfterSeconds,
        )
      : null;
  const status = outcome.status === 'pending' && !retryAt ? 'failed' : outcome.status;
  await finishDelivery(deps.db, delivery.id, { status, error: outcome.error, retryAt });
  if (status === 'failed') await noticeFailure(deps, delivery, outcome.error);
  return retryAt;
}

/** The admins hear of a delivery that failed for good, named by its alert and channel. */
async function noticeFailure(deps: DeliveryDeps, delivery: DeliveryRecord, error: string | null) {
  const found = deps.onFailed && (await findDeliveryFiring(deps.db, delivery));
  if (!found) return;
  await deps.onFailed!({
    orgId: delivery.orgId,
    what: 'alert',
    name: found.alertName,
    failed: 1,
    firstError: `${delivery.channel} ${delivery.target}: ${error ?? 'unknown error'}`,
    link: `/app/notifications/${found.firing.notificationId}`,
    key: `alert-delivery:${delivery.id}:${new Date().toISOString()}`,
  });
}

async function send(deps: DeliveryDeps, delivery: DeliveryRecord): Promise<Outcome> {
  const found = await findDeliveryFiring(deps.db, delivery);
  if (!found) return { status: 'failed', error: 'The alert was deleted' };
  const message: FiringMessage = {
    alertName: found.alertName,
    type: found.firing.type,
    count: found.firing.count,
    previousCount: found.firing.previousCount,
    records: found.firing.records,
    link: `${deps.appUrl}/app/notifications/${found.firing.notificationId}`,
  };
  if (delivery.channel === 'email') {
    await deps.mailer.send({
      to: delivery.target,
      ...emailMessage(message),
      idempotencyKey: delivery.idempotencyKey,
    });
    return { status: 'sent', error: null };
  }
  if (delivery.channel === 'slack') return sendSlack(deps, delivery, message);
  return { status: 'sent', error: null };
}

async function sendSlack(
  deps: DeliveryDeps,
  delivery: DeliveryRecord,
  message: FiringMessage,
): Promise<Outcome> {
  // `attempts` counts this claim: more than one, or an error kept from before a resend,
  // means an earlier attempt may have posted.
  const result = await deps.slack.post(
    delivery.orgId,
    slackPost(delivery.target, message, delivery.idempotencyKey),
    delivery.attempts > 1 || delivery.error !== null
      ? { earlierAttemptSince: delivery.createdAt }
      : {},
  );
  if (result.kind === 'sent') {
    if (result.alreadyPosted) {
      deps.log.info({ deliveryId: delivery.id }, 'slack message found from an earlier attempt');
    }
    return { status: 'sent', error: null };
  }
  // Still rate limited or a passing failure: back to pending, the queue tries again.
  if (result.kind === 'rate-limited')
    return { status: 'pending', error: result.error, retryAfterSeconds: result.retryAfterSeconds };
  if (result.kind === 'transient') return { status: 'pending', error: result.error };
  return { status: 'failed', error: result.error };
}
