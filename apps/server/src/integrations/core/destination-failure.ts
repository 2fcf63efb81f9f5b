import { ConnectorError } from './connector.js';
import { DestinationRetry } from './destination.js';
import { outcomeOfProviderError } from './provider-outcome.js';

/** How long a batch waits after a 5xx or a network failure before the engine sends it again. */
const TRANSIENT_RETRY_SECONDS = 5;

/**
 * A 429's Retry-After seconds wherever the client keeps its headers (@hubspot/api-client:
 * `headers`; gaxios: `response.headers`; intercom-client: `rawResponse.headers`), read by
 * their `get` when they have one: the fetch `Headers` a client holds need not be this
 * realm's class.
 */
function retryAfterOf(error: unknown): number | null {
  const e = (error ?? {}) as {
    headers?: unknown;
    response?: { headers?: unknown };
    rawResponse?: { headers?: unknown };
  };
  for (const headers of [e.headers, e.response?.headers, e.rawResponse?.headers]) {
    if (!headers || typeof headers !== 'object') continue;
    const get = (headers as { get?: unknown }).get;
    const value =
      typeof get === 'function'
        ? (get as (name: string) => string | null).call(headers, 'retry-after')
        : (headers as Record<string, unknown>)['retry-after'];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const seconds = Number(value);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  return null;
}

/**
 * A provider call's failure as a destination reports it (ADR 0033), one mapping with the
 * senders' (`outcomeOfProviderError`) for every destination: a 429 is retried after its
 * Retry-After (`retryAfterSeconds` when the caller kept it apart from the error, as jsforce's
 * errors keep no headers; else the error's own headers), a 5xx or a network failure a little
 * later; any other refusal fails the batch with the provider's words. A setup error (not
 * connected, reconnect needed) and a retry already decided are handed back as they are.
 */
export function destinationFailure(
  error: unknown,
  label: string,
  retryAfterSeconds: number | null = null,
): Error {
  if (error instanceof DestinationRetry || (error instanceof ConnectorError && error.permanent))
    return error;
  const outcome = outcomeOfProviderError(error, label);
  if (outcome.kind === 'rate-limited')
    return new DestinationRetry(
      outcome.error,
      retryAfterSeconds ?? retryAfterOf(error) ?? outcome.retryAfterSeconds,
    );
  if (outcome.kind === 'transient')
    return new DestinationRetry(outcome.error, TRANSIENT_RETRY_SECONDS);
  return new Error(outcome.kind === 'permanent' ? outcome.error : `${label}: unexpected answer`);
}
