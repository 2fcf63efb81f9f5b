/** How long a throttled call waits when the provider names no Retry-After. */
const DEFAULT_WAIT_SECONDS = 1;
const MAX_WAIT_SECONDS = 60;
const ATTEMPTS = 5;

/** The seconds a 429 asks to wait, from whatever shape the client library reports it in. */
function throttleWait(error: unknown): number | null {
  const e = error as {
    errorCode?: string;
    statusCode?: number;
    status?: number;
    /** @hubspot/api-client's ApiException carries the HTTP status as `code`. */
    code?: unknown;
    headers?: Record<string, string | undefined>;
    retryAfter?: number;
    /** intercom-client's IntercomError keeps the response's Headers here. */
    rawResponse?: { headers?: { get?: (name: string) => string | null } };
  } | null;
  const isThrottle =
    e?.statusCode === 429 ||
    e?.status === 429 ||
    e?.code === 429 ||
    e?.errorCode === 'REQUEST_LIMIT_EXCEEDED';
  if (!isThrottle) return null;
  const header = Number(
    e?.headers?.['retry-after'] ?? e?.rawResponse?.headers?.get?.('retry-after') ?? e?.retryAfter,
  );
  return Number.isFinite(header) && header >= 0
    ? Math.min(header, MAX_WAIT_SECONDS)
    : DEFAULT_WAIT_SECONDS;
}

/**
 * Runs a provider call, waiting out 429s (the provider's Retry-After, else a second) a few
 * times before giving up (docs/architecture.md §6, Connections).
 */
export async function retryAfter429<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const wait = throttleWait(error);
      if (wait === null || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }
}
