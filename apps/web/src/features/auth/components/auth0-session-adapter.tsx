import { useAuth0 } from '@auth0/auth0-react';
import { ERROR_TEXTS } from '@revlane/contracts';
import { useCallback, useMemo, type ReactNode } from 'react';
import { SessionContext, type Session } from '../session-context';

/** Exposes the identity SDK's state as the product's `Session` (normal mode). */
export function Auth0SessionAdapter({ children }: { children: ReactNode }) {
  const {
    isLoading,
    isAuthenticated,
    user,
    error,
    getAccessTokenSilently,
    loginWithRedirect,
    logout: logoutWithRedirect,
  } = useAuth0();

  // The audience comes from the provider's authorizationParams, so no options are needed.
  const getAccessToken = useCallback(async () => {
    const token = await getAccessTokenSilently();
    if (!token) throw new Error(ERROR_TEXTS.getAccessTokenFailed);
    return token;
  }, [getAccessTokenSilently]);
  const login = useCallback(
    (returnTo: string) => loginWithRedirect({ appState: { returnTo } }),
    [loginWithRedirect],
  );
  // Ends the provider session too (GET {domain}/v2/logout?returnTo=…&client_id=…, docs/product.md §7).
  const logout = useCallback(
    () => logoutWithRedirect({ logoutParams: { returnTo: window.location.origin } }),
    [logoutWithRedirect],
  );

  const session = useMemo<Session>(
    () => ({
      isLoading,
      isAuthenticated,
      user,
      error,
      impersonatedUserId: null,
      getAccessToken,
      login,
      logout,
    }),
    [isLoading, isAuthenticated, user, error, getAccessToken, login, logout],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}
