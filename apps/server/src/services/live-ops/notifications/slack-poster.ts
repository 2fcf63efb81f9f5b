import type { SlackConnection } from './slack-connection.js';

/** Errors a retry cannot fix: shown on the delivery, never retried (ADR 0023). */
export const PERMANENT_SLACK_ERRORS = new Set([
  'channel_not_found',
  'not_in_channel',
  'invalid_auth',
  'account_inactive',
  'token_revoked',
  'is_archived',
]);

export type SlackPostResult =
  | { kind: 'sent' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'permanent'; error: string }
  | { kind: 'transient'; error: string };

/**
 * `chat.postMessage` with the delivery's idempotency key in the message metadata, so a
 * resend after a crash is recognisable by whoever reads the channel (ADR 0023).
 */
export async function postSlackMessage(
  connection: SlackConnection,
  channel: string,
  message: { text: string; blocks: object[] },
  idempotencyKey: string,
): Promise<SlackPostResult> {
  let response: Response;
  try {
    response = await fetch(new URL('chat.postMessage', withSlash(connection.apiUrl)), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${connection.token}`,
        'content-type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify({
        channel,
        ...message,
        metadata: {
          event_type: 'revlane_alert',
          event_payload: { idempotency_key: idempotencyKey },
        },
      }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    return { kind: 'transient', error: (error as Error).message };
  }
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after') ?? '1');
    return {
      kind: 'rate-limited',
      retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : 1,
    };
  }
  const body = (await response.json().catch(() => null)) as { ok?: boolean; error?: string } | null;
  if (body?.ok) return { kind: 'sent' };
  const error = body?.error ?? `HTTP ${response.status}`;
  return PERMANENT_SLACK_ERRORS.has(error)
    ? { kind: 'permanent', error }
    : { kind: 'transient', error };
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
