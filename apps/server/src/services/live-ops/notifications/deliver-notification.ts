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
import { DELIVERY_LEASE_MS, DELIVERY_MAX_ATTEMPTS } from './notification-jobs.js';
import { emailMessage, slackPost, type FiringMessage } from './slack-message.js';

export interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  /** The organization's Slack workspace (ADR 0025): it waits out 429s by their Retry-After. */
  slack: SlackSender;
  appUrl: string;
  log: FastifyBaseLogger;
  /** How long a claim holds the row (`ALERT_DELIVERY_LEASE_SECONDS`); default DELIVERY_LEASE_MS. */
  leaseMs?: number;
  /** Runs after the provider accepted, before the row is marked (tests crash here). */
  afterSend?: (delivery: DeliveryRecord) => void;
}

type Outcome = { status: 'sent' | 'failed' | 'pending'; error: string | null };

/**
 * Sends one delivery row of the outbox (ADR 0023) and marks it: sent once the provider
 * accepted it; failed for good on a permanent error or after the last attempt; else back to
 * pending and the job throws, so the queue retries it. A row already sent is left alone; a
 * row another worker holds makes the job throw too, so it is tried again after the lease.
 */
export async function deliverNotification(
  deps: DeliveryDeps,
  deliveryId: string,
  now = new Date(),
): Promise<void> {
  const delivery = await claimDelivery(deps.db, deliveryId, now, deps.leaseMs ?? DELIVERY_LEASE_MS);
  if (!delivery) {
    // Held (maybe by a killed worker): the queue tries again later, when the lease may be out.
    const heldUntil = await deliveryHeldUntil(deps.db, deliveryId, now);
    if (heldUntil)
      throw new Error(`Delivery ${deliveryId} is held until ${heldUntil.toISOString()}`);
    return;
  }
  const outcome = await send(deps, delivery).catch((error: unknown): Outcome => ({
    status: 'pending',
    error: (error as Error).message,
  }));
  if (outcome.status === 'sent') deps.afterSend?.(delivery);
  const final =
    outcome.status === 'pending' && delivery.attempts >= DELIVERY_MAX_ATTEMPTS
      ? { ...outcome, status: 'failed' as const }
      : outcome;
  await finishDelivery(deps.db, delivery.id, final);
  if (final.status === 'pending') {
    throw new Error(`Delivery ${delivery.id} (${delivery.channel}) failed: ${final.error}`);
  }
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
  // `attempts` counts this claim: more than one means an earlier attempt may have posted.
  const result = await deps.slack.post(
    delivery.orgId,
    slackPost(delivery.target, message, delivery.idempotencyKey),
    delivery.attempts > 1 ? { earlierAttemptSince: delivery.createdAt } : {},
  );
  if (result.kind === 'sent') {
    if (result.alreadyPosted) {
      deps.log.info({ deliveryId: delivery.id }, 'slack message found from an earlier attempt');
    }
    return { status: 'sent', error: null };
  }
  // Still rate limited or a passing failure: back to pending, the queue tries again.
  if (result.kind === 'rate-limited' || result.kind === 'transient') {
    return { status: 'pending', error: result.error };
  }
  return { status: 'failed', error: result.error };
}
