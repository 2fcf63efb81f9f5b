import { APP_ROUTES } from '@revlane/contracts';
import { Navigate, useLocation } from 'react-router';
import { Loader } from '@/common/ui/loader';
import { useSession } from '../hooks/use-session';

/** The identity provider returns to `/` with `code` (or `error`) and `state`. */
export function hasAuthCallbackParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
}

/**
 * `/` redirects to the home page (docs/product.md §2), except while a sign-in callback is pending: the
 * SDK must read code and state from the address first, then it navigates on by itself.
 */
export function RootRedirect() {
  const { search } = useLocation();
  const { impersonatedUserId } = useSession();
  if (!impersonatedUserId && hasAuthCallbackParams(search)) return <Loader fullScreen />;
  return <Navigate to={APP_ROUTES.home} replace />;
}
