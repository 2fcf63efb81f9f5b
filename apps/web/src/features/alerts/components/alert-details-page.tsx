import { APP_ROUTES } from '@revlane/contracts';
import { Link } from 'react-router';
import { EmptyState } from '@/common/ui/empty-state';
import { PageHeader } from '@/common/ui/page-header';

/** One alert with its firings; until alerts exist, no alert can be found. */
export function AlertDetailsPage({ notificationId }: { notificationId: string }) {
  return (
    <>
      <PageHeader title="Alert details" />
      <EmptyState title="Alert not found">
        {`There is no alert "${notificationId}" yet. An alert's cohort, channels and the records of each firing will show here.`}{' '}
        <Link to={APP_ROUTES.notifications}>Back to alerts</Link>
      </EmptyState>
    </>
  );
}
