import { APP_ROUTES } from '@revlane/contracts';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { MutationButton } from '@/common/ui/mutation-button';
import { SectionCard } from '@/common/ui/section-card';
import { useInbox, useMarkRead } from '../api/get-inbox';
import { firingSummary } from '../lib/firing-summary';

/** The user's unread in-app firings, each leading to its alert; nothing when all are read. */
export function InboxList() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const unread = inbox.data?.items.filter((item) => !item.read) ?? [];
  if (unread.length === 0) return null;
  return (
    <div className="mb-8">
      <SectionCard title={`Unread (${unread.length})`}>
        <ul aria-label="Unread firings" className="flex flex-col gap-2">
          {unread.map((item) => (
            <li key={item.firingId} className="flex flex-wrap items-center gap-x-3">
              <Badge status="processing" />
              <Link to={APP_ROUTES.notification(item.notificationId)}>
                {firingSummary({ ...item, alertName: item.notificationName })}
              </Link>
              <span className="text-sm text-slate-500">{formatTimestamp(item.firedAt)}</span>
            </li>
          ))}
        </ul>
        <MutationButton className="mt-3" size="small" onClick={() => markRead.mutate({})}>
          Mark all read
        </MutationButton>
      </SectionCard>
    </div>
  );
}
