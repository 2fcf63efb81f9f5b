import { APP_ROUTES } from '@revlane/contracts';
import { useMemo, type ReactNode } from 'react';
import { clearImpersonation, type ImpersonationCredentials } from '../lib/impersonation-storage';
import { isTokenUnexpired } from '../lib/jwt';
import { SessionContext, type Session } from '../session-context';

/** Leaves impersonation and starts over in normal mode with a fresh page. */
function endImpersonation(): void {
  clearImpersonation();
  window.location.assign(APP_ROUTES.root);
}

/**
 * Impersonation mode (docs/product.md §6): the stored token is the access token and the identity
 * provider is never contacted, so the session is always authenticated and never loading.
 */
export function ImpersonationSessionProvider({
  credentials,
  children,
}: {
  credentials: ImpersonationCredentials;
  children: ReactNode;
}) {
  const session = useMemo<Session>(() => {
    const { accessToken, impersonatedUserId } = credentials;
    return {
      isLoading: false,
      isAuthenticated: true,
      // No identity token in this mode; screens take names from the profile instead.
      user: undefined,
      error: undefined,
      impersonatedUserId,
      getAccessToken: () => {
        // docs/product.md §4: an expired stored token clears the session and logs out.
        if (!isTokenUnexpired(accessToken)) {
          endImpersonation();
          return Promise.reject(new Error('The impersonation session has expired.'));
        }
        return Promise.resolve(accessToken);
      },
      login: () => Promise.resolve(),
      logout: () => {
        endImpersonation();
        return Promise.resolve();
      },
    };
  }, [credentials]);

  return <SessionContext value={session}>{children}</SessionContext>;
}
