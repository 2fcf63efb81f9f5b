/**
 * What sending one action for one record came to (ADR 0024): the run retries `transient` and
 * `rate-limited` with backoff (a `Retry-After` wins over its own), records `permanent` and
 * goes on. Same classes as the Slack sender's results (ADR 0025), so those map as they are.
 */
export type ActionOutcome =
  | { kind: 'sent'; externalId: string | null }
  | { kind: 'rate-limited'; retryAfterSeconds: number; error: string }
  | { kind: 'permanent'; error: string }
  | { kind: 'transient'; error: string };

/** An HTTP answer's class: 2xx sent; 429 rate-limited; 408, 425 and 5xx transient; else permanent. */
export function outcomeOfStatus(status: number, retryAfter: string | null): ActionOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent', externalId: null };
  if (status === 429) {
    const seconds = Number(retryAfter ?? '1');
    return {
      kind: 'rate-limited',
      retryAfterSeconds: Number.isFinite(seconds) && seconds >= 0 ? seconds : 1,
      error: 'HTTP 429',
    };
  }
  if (status === 408 || status === 425 || status >= 500)
    return { kind: 'transient', error: `HTTP ${status}` };
  return { kind: 'permanent', error: `HTTP ${status}` };
}
