import { APP_ROUTES } from '@revlane/contracts';
import type { ReactNode } from 'react';
import { MessageScreen, MessageScreenButton } from '@/common/ui/message-screen';
import { useSession } from '../hooks/use-session';

/** OAuth errors carry a description meant for people; others only a message. */
function describeError(error: Error): string {
  const description = (error as { error_description?: unknown }).error_description;
  return typeof description === 'string' && description ? description : error.message;
}

export function AuthErrorScreen({ error }: { error: Error }) {
  return (
    <MessageScreen
      role="alert"
      title="We couldn't sign you in"
      actions={
        // A fresh page load resets the SDK and starts a clean sign-in at the home page.
        <MessageScreenButton onClick={() => window.location.assign(APP_ROUTES.home)}>
          Try again
        </MessageScreenButton>
      }
    >
      {describeError(error)}
    </MessageScreen>
  );
}

/** Shows the identity error (e.g. a callback with `?error=…&state=…`) instead of the app. */
export function SessionErrorGate({ children }: { children: ReactNode }) {
  const { error } = useSession();
  if (error) return <AuthErrorScreen error={error} />;
  return children;
}
