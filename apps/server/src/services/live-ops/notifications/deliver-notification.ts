import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/database/database.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { claimDelivery, findDeliveryFiring, finishDelivery } from './deliveries.repository.js';
import type { DeliveryRecord } from './firings.repository.js';
import { DELIVERY_LEASE_MS, DELIVERY_MAX_ATTEMPTS } from './notification-jobs.js';
import { resolveSlackConnection } from './slack-connection.js';
import { emailMessage, slackMessage, type FiringMessage } from './slack-message.js';
import { postSlackMessage } from './slack-poster.js';

export interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  sleep: (ms: number) => Promise<void>;
  /** Runs after the provider accepted, before the row is marked (tests crash here). */
  afterSend?: (delivery: DeliveryRecord) => void;
}

/** Rate-limit waits within one attempt; longer waits than this leave it to the next. */
const RATE_LIMIT_TRIES = 3;
const RATE_LIMIT_WAIT_MAX_SECONDS = 60;

type Outcome = { status: 'sent' | 'failed' | 'pending'; error: string | null };

/**
 * Sends one delivery row of the outbox (ADR 0023) and marks it: sent once the provider
 * accepted it; failed for good on a permanent error or after the last attempt; else back to
 * pending and the job throws, so the queue retries it. A row already sent is left alone.
 */
export async function deliverNotification(
  deps: DeliveryDeps,
  deliveryId: string,
  now = new Date(),
): Promise<void> {
  const delivery = await claimDelivery(deps.db, deliveryId, now, DELIVERY_LEASE_MS);
  if (!delivery) return;
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
    await deps.mailer.send({ to: delivery.target, ...emailMessage(message) });
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
  const connection = await resolveSlackConnection(deps.db, delivery.orgId);
  if (!connection) return { status: 'failed', error: 'Slack is not connected' };
  for (let attempt = 1; ; attempt += 1) {
    const result = await postSlackMessage(
      connection,
      delivery.target,
      slackMessage(message),
      delivery.idempotencyKey,
    );
    if (result.kind === 'sent') return { status: 'sent', error: null };
    if (result.kind === 'permanent') return { status: 'failed', error: result.error };
    if (result.kind === 'transient') return { status: 'pending', error: result.error };
    // Slack said when to come back (Retry-After): wait that long, not a backoff of our own.
    if (attempt >= RATE_LIMIT_TRIES || result.retryAfterSeconds > RATE_LIMIT_WAIT_MAX_SECONDS) {
      return {
        status: 'pending',
        error: `rate limited (Retry-After ${result.retryAfterSeconds} s)`,
      };
    }
    deps.log.info(
      { deliveryId: delivery.id, retryAfter: result.retryAfterSeconds },
      'slack rate limit',
    );
    await deps.sleep(result.retryAfterSeconds * 1000);
  }
}
