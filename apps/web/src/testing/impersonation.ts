import { SESSION_STORAGE_KEYS } from '@revlane/contracts';
import { makeToken } from './jwt';

/** Signs in the way a support link does, so whole-app tests need no identity provider. */
export function storeImpersonation(userId = 'user-42'): string {
  const token = makeToken();
  localStorage.setItem(SESSION_STORAGE_KEYS.accessToken, token);
  localStorage.setItem(SESSION_STORAGE_KEYS.impersonateUser, userId);
  return token;
}
