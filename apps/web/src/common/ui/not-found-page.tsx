import { APP_ROUTES } from '@revlane/contracts';
import { Link } from 'react-router';
import { MessageScreen } from './message-screen';

export function NotFoundPage() {
  return (
    <MessageScreen
      title="Page not found"
      actions={
        <Link
          to={APP_ROUTES.home}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
        >
          Back to home
        </Link>
      }
    >
      The page you are looking for does not exist or has moved.
    </MessageScreen>
  );
}
