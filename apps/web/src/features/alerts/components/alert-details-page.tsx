import { APP_ROUTES } from '@revlane/contracts';
import { Link } from 'react-router';
import { EmptyPage } from '@/common/ui/empty-page';

/** One alert with its firings; until alerts exist, no alert can be found. */
export function AlertDetailsPage({ notificationId }: { notificationId: string }) {
  return (
    <EmptyPage title="Alert details" emptyTitle="Alert not found">
      {`There is no alert "${notificationId}" yet. An alert's cohort, channels and the records of each firing will show here.`}{' '}
      <Link to={APP_ROUTES.notifications}>Back to alerts</Link>
    </EmptyPage>
  );
}
