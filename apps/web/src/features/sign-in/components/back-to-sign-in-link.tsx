import { APP_ROUTES } from '@revlane/contracts';

/**
 * A full page load of the app: signed out, it starts a fresh authorization with the provider,
 * which shows the sign-in screen.
 */
export function BackToSignInLink({ children = 'Back to sign in' }: { children?: string }) {
  return (
    <a href={APP_ROUTES.home} className="font-medium">
      {children}
    </a>
  );
}
