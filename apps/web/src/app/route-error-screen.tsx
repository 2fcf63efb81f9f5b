import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessageScreen, MessageScreenButton } from '@/common/ui/message-screen';
import { NotFoundPage } from '@/common/ui/not-found-page';

/** Last line of defence for a route that failed to load or render (e.g. a stale chunk). */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <MessageScreen
      role="alert"
      title="Something went wrong"
      actions={
        <MessageScreenButton onClick={() => window.location.reload()}>Reload</MessageScreenButton>
      }
    >
      This page could not be shown. Reloading usually helps; if it does not, please contact the
      administrator.
    </MessageScreen>
  );
}
