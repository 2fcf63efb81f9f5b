import { Webhook } from 'standardwebhooks';
import {
  HostNotFoundError,
  OutboundRefusedError,
  resolveAllowedHost,
  type OutboundPolicy,
} from '../../../../platform/outbound/outbound-policy.js';
import { pinnedFetch } from '../../../../platform/outbound/pinned-fetch.js';
import {
  networkFailure,
  outcomeOfStatus,
  type ActionOutcome,
} from '../../../../integrations/index.js';

export interface WebhookDelivery {
  url: string;
  secret: string;
  /** The item's idempotency key: the receiver deduplicates on `webhook-id`. */
  messageId: string;
  payload: object;
}

const TIMEOUT_MS = 15_000;
/** How much of a refusing receiver's answer the item's error quotes. */
const ANSWER_QUOTED_BYTES = 200;

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

/**
 * Why a request never got an answer, in words a person can act on instead of undici's
 * "fetch failed": its cause's code says whether the connection was refused, timed out, the
 * name did not resolve or TLS failed.
 */
export function unansweredReason(error: unknown, url: URL): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const name = (error as { name?: string }).name;
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  if (name === 'TimeoutError' || name === 'AbortError')
    return `Timed out: ${url.host} did not answer within ${TIMEOUT_MS / 1000} s.`;
  const given = (cause as { code?: unknown }).code;
  const code = typeof given === 'string' ? given : '';
  const message = cause instanceof Error ? cause.message : String(cause);
  if (TLS_CODE.test(code) || /certificate|tls|ssl/i.test(message))
    return `TLS error with ${url.host}: ${message}. Check the receiver's certificate.`;
  const network = networkFailure(cause, { host: url.hostname, port });
  return network?.message ?? `Could not reach ${url.host}: ${message}`;
}

/** The first bytes of a refusing answer, so the item says what the receiver said. */
async function quotedAnswer(response: { text(): Promise<string> }): Promise<string> {
  const text = await response.text().catch(() => '');
  const bytes = Buffer.from(text);
  return bytes.length > ANSWER_QUOTED_BYTES
    ? `${bytes.subarray(0, ANSWER_QUOTED_BYTES).toString()}…`
    : text;
}

/**
 * Posts a Standard Webhooks message (ADR 0024): `webhook-id` (the idempotency key),
 * `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 with the action's `whsec_` secret,
 * by the reference `standardwebhooks` library). The host must pass the outbound policy
 * (docs/architecture.md §6); its check is memoised per sender, i.e. per run, and every
 * connection goes to the address that was checked (`pinnedFetch`).
 */
export function webhookSender(policy: OutboundPolicy) {
  const post = pinnedFetch(policy);
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
      const response = await post(url, {
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
      const outcome = outcomeOfStatus(response.status, response.headers.get('retry-after'));
      if (outcome.kind === 'sent') {
        await response.body?.cancel();
        return outcome;
      }
      const answer = (await quotedAnswer(response)).trim();
      const said = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      return { ...outcome, error: answer ? `${said}: ${answer}` : said };
    } catch (error) {
      return { kind: 'transient', error: unansweredReason(error, url) };
    }
  };
}
