import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loader } from '@/common/ui/loader';
import { useSession } from '../hooks/use-session';

/**
 * Guards signed-in routes (docs/product.md §2): while the session loads it shows a loader; a signed-out
 * visitor is sent to sign in, remembering path and query string as the return-to location.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { isLoading, isAuthenticated, error, login } = useSession();
  const { pathname, search } = useLocation();
  const requestedFor = useRef<string | null>(null);
  const mustSignIn = !isLoading && !isAuthenticated && !error;

  useEffect(() => {
    if (!mustSignIn) return;
    const returnTo = pathname + search;
    // One redirect per location, even when effects run twice (StrictMode).
    if (requestedFor.current === returnTo) return;
    requestedFor.current = returnTo;
    void login(returnTo);
  }, [mustSignIn, pathname, search, login]);

  if (!isAuthenticated) return <Loader fullScreen />;
  return children ?? <Outlet />;
}
