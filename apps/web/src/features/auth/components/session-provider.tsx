import { useState, type ReactNode } from 'react';
import { readImpersonation } from '../lib/impersonation-storage';
import { Auth0SessionProvider } from './auth0-session-provider';
import { ImpersonationSessionProvider } from './impersonation-session-provider';

/**
 * Chooses the session mode once per page load: impersonation when both stored values are
 * present and the token is unexpired, otherwise the identity SDK. In impersonation mode the
 * SDK is not rendered at all, so no sign-in redirect, frame or token call can happen.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [credentials] = useState(() => readImpersonation());
  if (credentials) {
    return (
      <ImpersonationSessionProvider credentials={credentials}>
        {children}
      </ImpersonationSessionProvider>
    );
  }
  return <Auth0SessionProvider>{children}</Auth0SessionProvider>;
}
