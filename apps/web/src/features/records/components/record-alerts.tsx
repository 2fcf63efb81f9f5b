import { APP_ROUTES, type RecordFiring } from '@revlane/contracts';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { SectionCard } from '@/common/ui/section-card';
import { EmptyNote } from './empty-note';

/** The alerts that fired for the record, each linking to the alert's page and its firings. */
export function RecordAlerts({ firings, noun }: { firings: RecordFiring[]; noun: string }) {
  return (
    <SectionCard title="Alerts">
      {firings.length === 0 ? (
        <EmptyNote>{`No alerts fired for this ${noun}`}</EmptyNote>
      ) : (
        <ul aria-label="Alert firings" className="flex flex-col gap-2 text-sm">
          {firings.map((firing) => (
            <li key={firing.firingId} className="flex flex-col">
              <Link to={APP_ROUTES.notification(firing.notificationId)}>
                {firing.notificationName}
              </Link>
              <span className="text-slate-500">{`Fired ${formatTimestamp(firing.firedAt)}`}</span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
