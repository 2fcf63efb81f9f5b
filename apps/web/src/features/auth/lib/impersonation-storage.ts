import { IMPERSONATION_QUERY_PARAMS, SESSION_STORAGE_KEYS } from '@revlane/contracts';
import { readStorage, removeStorage, writeStorage } from '@/common/lib/local-storage';
import { isTokenUnexpired } from './jwt';

/** A support user's session acting as another user (docs/product.md §6, docs/architecture.md §4.4). */
export interface ImpersonationCredentials {
  accessToken: string;
  impersonatedUserId: string;
}

const FIELDS = ['accessToken', 'impersonateUser'] as const;

/**
 * Moves `accessToken` / `impersonateUser` from the address bar into local storage and removes
 * them from the URL at once (beyond spec: a token in the address bar leaks into history,
 * bookmarks and screenshots). Path, other query parameters and hash stay as they were.
 * A link carrying either value starts a fresh impersonation, so stale halves are dropped.
 */
export function captureImpersonationParams(): void {
  const url = new URL(window.location.href);
  const found = FIELDS.filter((field) => url.searchParams.has(IMPERSONATION_QUERY_PARAMS[field]));
  if (found.length === 0) return;

  for (const field of FIELDS) {
    const param = IMPERSONATION_QUERY_PARAMS[field];
    const value = url.searchParams.get(param);
    url.searchParams.delete(param);
    if (value) writeStorage(SESSION_STORAGE_KEYS[field], value);
    else removeStorage(SESSION_STORAGE_KEYS[field]);
  }
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export function clearImpersonation(): void {
  for (const field of FIELDS) removeStorage(SESSION_STORAGE_KEYS[field]);
}

/**
 * The stored impersonation, or null when the mode is off. The mode needs both values; an
 * expired token clears both (docs/product.md §4) so the app falls back to the normal signed-out flow.
 */
export function readImpersonation(nowMs: number = Date.now()): ImpersonationCredentials | null {
  const accessToken = readStorage(SESSION_STORAGE_KEYS.accessToken);
  const impersonatedUserId = readStorage(SESSION_STORAGE_KEYS.impersonateUser);
  if (!accessToken || !impersonatedUserId) return null;
  if (!isTokenUnexpired(accessToken, nowMs)) {
    clearImpersonation();
    return null;
  }
  return { accessToken, impersonatedUserId };
}
