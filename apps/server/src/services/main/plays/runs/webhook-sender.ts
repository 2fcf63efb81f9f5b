import { Webhook } from 'standardwebhooks';
import {
  HostNotFoundError,
  OutboundRefusedError,
  resolveAllowedHost,
  type OutboundPolicy,
} from '../../../../platform/outbound/outbound-policy.js';
import { outcomeOfStatus, type ActionOutcome } from '../../../../integrations/index.js';

export interface WebhookDelivery {
  url: string;
  secret: string;
  /** The item's idempotency key: the receiver deduplicates on `webhook-id`. */
  messageId: string;
  payload: object;
}

const TIMEOUT_MS = 15_000;

/**
 * Posts a Standard Webhooks message (ADR 0024): `webhook-id` (the idempotency key),
 * `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 with the action's `whsec_` secret,
 * by the reference `standardwebhooks` library). The host must pass the outbound policy
 * (docs/architecture.md §6); its check is memoised per sender, i.e. per run.
 */
export function webhookSender(policy: OutboundPolicy) {
  const checked = new Map<string, Promise<string | null>>();
  const refusal = (host: string) => {
    let found = checked.get(host);
    if (!found) {
      found = resolveAllowedHost(host, policy).then(
        () => null,
        (error: unknown) => {
          if (error instanceof OutboundRefusedError) return error.message;
          checked.delete(host);
          throw error;
        },
      );
      checked.set(host, found);
    }
    return found;
  };
  return async function sendWebhook(delivery: WebhookDelivery): Promise<ActionOutcome> {
    const url = new URL(delivery.url);
    try {
      const refused = await refusal(url.hostname);
      if (refused) return { kind: 'permanent', error: refused };
    } catch (error) {
      if (error instanceof HostNotFoundError) return { kind: 'transient', error: error.message };
      throw error;
    }
    const body = JSON.stringify(delivery.payload);
    const timestamp = new Date();
    const signature = new Webhook(delivery.secret).sign(delivery.messageId, timestamp, body);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      return outcomeOfStatus(response.status, response.headers.get('retry-after'));
    } catch (error) {
      return { kind: 'transient', error: (error as Error).message };
    }
  };
}
