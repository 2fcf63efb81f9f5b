import { API_AUDIENCE } from '@revlane/contracts';
import { Auth0Provider, type AppState } from '@auth0/auth0-react';
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '@/common/config';
import { Auth0SessionAdapter } from './auth0-session-adapter';

/** Only same-app paths are followed after sign-in, never another origin. */
function isAppPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

/**
 * Normal mode: the identity SDK against the configured provider (the embedded one at
 * `{origin}/idp` by default, docs/architecture.md §4.1; the domain keeps its scheme, so no `issuer` option).
 */
export function Auth0SessionProvider({ children }: { children: ReactNode }) {
  const { auth } = useAppConfig();
  const navigate = useNavigate();

  // docs/product.md §2: continue at the saved return-to path, else the current path; through the router
  // so the in-memory token cache survives.
  const handleRedirectCallback = useCallback(
    (appState?: AppState) => {
      const target = isAppPath(appState?.returnTo) ? appState.returnTo : window.location.pathname;
      void navigate(target, { replace: true });
    },
    [navigate],
  );

  return (
    <Auth0Provider
      domain={auth.domain}
      clientId={auth.clientId}
      authorizationParams={{
        audience: auth.audience || API_AUDIENCE,
        redirect_uri: `${window.location.origin}/`,
      }}
      // Tokens stay out of storage that scripts could read. Renewal and the check after a
      // reload go through the hidden frame (prompt=none, web_message): the SDK's refresh-token
      // worker only accepts a token URL whose path is exactly /oauth/token, which a provider
      // mounted under /idp cannot offer (docs/decisions/0004-silent-renewal-by-frame.md).
      cacheLocation="memory"
      useRefreshTokens={false}
      // Sign-in always returns to `/`; code/state elsewhere belong to other OAuth flows
      // (CRM connections), which must not be taken for our own.
      skipRedirectCallback={window.location.pathname !== '/'}
      onRedirectCallback={handleRedirectCallback}
    >
      <Auth0SessionAdapter>{children}</Auth0SessionAdapter>
    </Auth0Provider>
  );
}
