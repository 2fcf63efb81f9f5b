import { ConnectorError } from './connector.js';
import { outcomeOfStatus, type ActionOutcome } from './action-outcome.js';

/** The fields the providers' client libraries put their HTTP failure in. */
interface ProviderFailure {
  message?: string;
  /** @hubspot/api-client's ApiException: the HTTP status as `code`, its body and headers. */
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  headers?: Record<string, string | undefined> | Headers;
  body?: { message?: unknown };
  /** gaxios (Google): the response with its status and headers. */
  response?: { status?: number; headers?: Record<string, string | undefined> | Headers };
  /** jsforce: Salesforce's error code; it keeps no HTTP status. */
  errorCode?: string;
}

/** Salesforce error codes a later try can get past (its 429 is `REQUEST_LIMIT_EXCEEDED`). */
const SALESFORCE_TRANSIENT = new Set(['SERVER_UNAVAILABLE', 'UNABLE_TO_LOCK_ROW']);

/**
 * A header of a failure: a Fetch `Headers` (or another client's look-alike with `get`, such
 * as gaxios' and intercom-client's, which are not `instanceof Headers`), or a plain object.
 */
const headerOf = (headers: ProviderFailure['headers'], name: string): string | null => {
  if (!headers) return null;
  const get = (headers as { get?: unknown }).get;
  if (typeof get === 'function') return (get.call(headers, name) as string | null) ?? null;
  return (headers as Record<string, string | undefined>)[name] ?? null;
};

const statusOf = (failure: ProviderFailure): number | null => {
  for (const candidate of [
    failure.statusCode,
    failure.status,
    failure.response?.status,
    failure.code,
  ])
    if (typeof candidate === 'number' && candidate >= 100 && candidate < 600) return candidate;
  const fromCode = /^ERROR_HTTP_(\d{3})$/.exec(failure.errorCode ?? '')?.[1];
  return fromCode ? Number(fromCode) : null;
};

/**
 * What a provider client's failure comes to for the run (ADR 0024), one mapping for every
 * sender: 429 (or Salesforce's `REQUEST_LIMIT_EXCEEDED`) is rate-limited with its
 * `Retry-After`; 408, 425, 5xx and network failures are transient; a refused setup
 * (`ConnectorError`: not connected, reconnect needed) and other 4xx are permanent, with the
 * provider's own words.
 */
export function outcomeOfProviderError(error: unknown, label: string): ActionOutcome {
  if (error instanceof ConnectorError)
    return { kind: error.permanent ? 'permanent' : 'transient', error: error.message };
  const failure = (error ?? {}) as ProviderFailure;
  const said =
    typeof failure.body?.message === 'string' ? failure.body.message : (failure.message ?? '');
  if (failure.errorCode === 'REQUEST_LIMIT_EXCEEDED')
    return { kind: 'rate-limited', retryAfterSeconds: 1, error: `${label}: ${said}` };
  if (failure.errorCode && SALESFORCE_TRANSIENT.has(failure.errorCode))
    return { kind: 'transient', error: `${label}: ${said}` };
  const status = statusOf(failure);
  if (status === null) {
    // jsforce reports Salesforce's refusals by code only: a code is the provider's answer.
    if (failure.errorCode)
      return { kind: 'permanent', error: `${label}: ${failure.errorCode} ${said}` };
    return { kind: 'transient', error: `${label}: ${said || 'network error'}` };
  }
  const retryAfter =
    headerOf(failure.headers, 'retry-after') ?? headerOf(failure.response?.headers, 'retry-after');
  const outcome = outcomeOfStatus(status, retryAfter);
  return outcome.kind === 'sent' ? outcome : { ...outcome, error: `${label} ${status}: ${said}` };
}
