import { APP_ROUTES, type RecordEvent, type RecordKind } from '@revlane/contracts';
import { Button, Skeleton } from 'antd';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { LoadError } from '@/common/ui/load-error';
import { SectionCard } from '@/common/ui/section-card';
import { useRecordEvents } from '../api/get-record-events';
import { formatAgo } from '../lib/when';
import { EmptyNote } from './empty-note';

interface RecordTimelineProps {
  kind: RecordKind;
  id: string;
  /** An account's users by id, to name who did what; a user's page names nobody. */
  userNames?: ReadonlyMap<string, string>;
}

/** The record's recent events, newest first, a page at a time ("Load more"). */
export function RecordTimeline({ kind, id, userNames }: RecordTimelineProps) {
  const timeline = useRecordEvents(kind, id);
  const events = timeline.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <SectionCard title="Timeline" description="Recent events, newest first">
      {timeline.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      ) : timeline.isError && !timeline.data ? (
        <LoadError
          title="The events could not be loaded."
          onRetry={() => void timeline.refetch()}
        />
      ) : events.length === 0 ? (
        <EmptyNote>No events yet</EmptyNote>
      ) : (
        <>
          <ol aria-label="Events" className="flex flex-col divide-y divide-slate-100">
            {events.map((event, index) => (
              <EventItem
                // Events have no id: their place in the newest-first list is stable while paging.
                key={index}
                event={event}
                showUser={kind === 'accounts'}
                userName={event.userId === null ? undefined : userNames?.get(event.userId)}
              />
            ))}
          </ol>
          {timeline.isFetchNextPageError && (
            <LoadError
              title="More events could not be loaded."
              onRetry={() => void timeline.fetchNextPage()}
            />
          )}
          {timeline.hasNextPage && !timeline.isFetchNextPageError && (
            <Button
              className="mt-3"
              loading={timeline.isFetchingNextPage}
              onClick={() => void timeline.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}

interface EventItemProps {
  event: RecordEvent;
  showUser: boolean;
  userName: string | undefined;
}

function EventItem({ event, showUser, userName }: EventItemProps) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
      <span className="font-medium text-slate-900">{event.name}</span>
      {/* An account's event no user made names nobody. */}
      {showUser && event.userId !== null && (
        <Link to={APP_ROUTES.user(event.userId)}>{userName ?? event.userId}</Link>
      )}
      {/* How long ago at a glance; the exact moment on hover. */}
      <time
        className="ms-auto text-slate-500"
        dateTime={event.occurredAt}
        title={formatTimestamp(event.occurredAt)}
      >
        {formatAgo(event.occurredAt)}
      </time>
    </li>
  );
}
