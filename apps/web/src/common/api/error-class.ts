import { UNEXPECTED_RESPONSE_CODE, type ApiError } from './api-error';

/** Codes meaning no usable answer arrived: unreachable, timed out, or unreadable. */
const UNREACHABLE_CODES = new Set(['ERR_NETWORK', 'ETIMEDOUT', UNEXPECTED_RESPONSE_CODE]);
/** The identity SDK could not renew the session silently; sign-in takes over. */
const SESSION_ENDED_CODES = new Set(['login_required']);

/** A 401 or a session that cannot be renewed: the sign-in flow handles it, no toast. */
export function isSessionEndedError(error: ApiError): boolean {
  return error.status === 401 || (error.code !== undefined && SESSION_ENDED_CODES.has(error.code));
}

/**
 * The "special class" of docs/product.md §8 (docs/decisions/0003): failures the user can do nothing
 * about but wait — a server fault (5xx or an answer that breaks the contract), an unreachable
 * server, or a timeout.
 */
export function isTryLaterError(error: ApiError): boolean {
  if (error.status !== undefined) return error.status >= 500;
  if (error.code !== undefined && UNREACHABLE_CODES.has(error.code)) return true;
  // axios reports both an abort and a timeout as ECONNABORTED; only the timeout qualifies.
  return error.code === 'ECONNABORTED' && error.message.startsWith('timeout of');
}
