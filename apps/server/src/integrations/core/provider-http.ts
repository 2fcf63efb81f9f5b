/**
 * A provider's HTTP error for clients we write over fetch (docs/architecture.md §6,
 * Connections): the status, headers and parsed body, so 429s are waited out by their
 * `Retry-After` and 401s refreshed like the official clients' errors.
 */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly body: { message?: string; error?: string } & Record<string, unknown>,
  ) {
    super(`HTTP ${status}${body.message ? `: ${body.message}` : ''}`);
    this.name = body.error === 'invalid_grant' ? 'invalid_grant' : 'ProviderHttpError';
  }
}

/**
 * A JSON request; a non-2xx answer throws `ProviderHttpError` with the provider's own words
 * in `body.message` (`describe` picks them out of its error shape). Tokens go in headers or
 * form bodies, never in the URL.
 */
export async function fetchJson<T>(
  url: string,
  init: RequestInit,
  describe: (body: Record<string, unknown>) => string | undefined,
): Promise<T> {
  const response = await fetch(url, {
    ...init,
    signal: init.signal ?? AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  if (!response.ok) {
    const message = describe(body);
    throw new ProviderHttpError(response.status, Object.fromEntries(response.headers), {
      ...body,
      ...(message ? { message } : {}),
    });
  }
  return body as T;
}

/** A form post to an OAuth token endpoint (RFC 6749 §4.1.3, §6). */
export const formBody = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
