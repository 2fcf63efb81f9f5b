import { APP_ROUTES } from '@revlane/contracts';
import { Link } from 'react-router';
import { EmptyPage } from '@/common/ui/empty-page';

/** One play's trigger, actions and runs; until plays exist, no play can be found. */
export function PlayDetailsPage({ playId }: { playId: string }) {
  return (
    <EmptyPage title="Play details" emptyTitle="Play not found">
      {`There is no play "${playId}" yet. A play's trigger, actions and run history will show here.`}{' '}
      <Link to={APP_ROUTES.plays}>Back to plays</Link>
    </EmptyPage>
  );
}
