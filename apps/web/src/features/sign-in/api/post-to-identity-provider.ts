import { ApiError, createResponseError } from '@/common/api';
import { isRecord } from '@/common/lib/is-record';

/** What a contract schema offers (zod's `safeParse`), without the web app depending on zod. */
interface ResultParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs JSON to one of the embedded provider's own routes and returns the answer's `data`.
 * Plain `fetch` on purpose: there is no access token on these pages, and the provider's
 * cookies (the sign-in interaction) go along with `credentials: 'include'`.
 */
export async function postToIdentityProvider<T>(
  path: string,
  body: unknown,
  resultSchema: ResultParser<T>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError({ message: 'Network Error', code: 'ERR_NETWORK', cause: error });
  }
  const answer = await readBody(response);
  if (!response.ok) throw createResponseError(response.status, answer);
  // Success bodies are `{ data }` (docs/architecture.md §7).
  const parsed = resultSchema.safeParse(isRecord(answer) ? answer.data : undefined);
  if (!parsed.success) {
    throw new ApiError({
      message: 'The sign-in service sent an unexpected answer. Please try again.',
      status: response.status,
      body: answer,
    });
  }
  return parsed.data;
}
