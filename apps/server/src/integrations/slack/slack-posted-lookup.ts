import type { WebClient } from '@slack/web-api';

/** History pages read at most (200 messages each) before concluding the message is not there. */
const MAX_PAGES = 10;
const PAGE_SIZE = 200;
/** Our clock and Slack's may disagree: the history is read from a little before `since`. */
const CLOCK_SKEW_SECONDS = 300;

/** The idempotency key a message of ours carries in its metadata (ADR 0023). */
export function idempotencyKeyOf(metadata: unknown): string | undefined {
  const payload = (metadata as { event_payload?: { idempotency_key?: unknown } } | undefined)
    ?.event_payload;
  return typeof payload?.idempotency_key === 'string' ? payload.idempotency_key : undefined;
}

/**
 * Looks for the message carrying `key` in the channel's history since `since` (ADR 0023):
 * `conversations.history` with `include_all_metadata`, newest first, page after page. Answers
 * its `ts`, or null when it is not there; Slack's errors are thrown to the caller.
 */
export async function findPostedMessage(
  client: WebClient,
  channel: string,
  key: string,
  since: Date,
): Promise<{ ts: string } | null> {
  const oldest = (since.getTime() / 1000 - CLOCK_SKEW_SECONDS).toFixed(6);
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await client.conversations.history({
      channel,
      oldest,
      limit: PAGE_SIZE,
      include_all_metadata: true,
      ...(cursor ? { cursor } : {}),
    });
    const found = answer.messages?.find((message) => idempotencyKeyOf(message.metadata) === key);
    if (found?.ts) return { ts: found.ts };
    cursor = answer.response_metadata?.next_cursor || undefined;
    if (!answer.has_more || !cursor) return null;
  }
  return null;
}
