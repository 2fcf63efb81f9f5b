import { WarningOutlined } from '@ant-design/icons';
import { APP_ROUTES, type DeliveryNotice } from '@revlane/contracts';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { MutationButton } from '@/common/ui/mutation-button';
import { SectionCard } from '@/common/ui/section-card';
import { useInbox, useMarkRead } from '../api/get-inbox';
import { firingSummary } from '../lib/firing-summary';

/**
 * The user's unread notices (deliveries that failed for good, for admins; ADR 0031), then
 * unread in-app firings, each leading to where it is seen; nothing when all are read.
 */
export function InboxList() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const notices = inbox.data?.notices.filter((notice) => !notice.read) ?? [];
  const unread = inbox.data?.items.filter((item) => !item.read) ?? [];
  const count = notices.length + unread.length;
  if (count === 0) return null;
  return (
    <div className="mb-8">
      <SectionCard title={`Unread (${count})`}>
        {notices.length > 0 && (
          <ul aria-label="Delivery notices" className="mb-4 flex flex-col gap-3">
            {notices.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} />
            ))}
          </ul>
        )}
        {unread.length > 0 && (
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
        )}
        <MutationButton className="mt-3" size="small" onClick={() => markRead.mutate({})}>
          Mark all read
        </MutationButton>
      </SectionCard>
    </div>
  );
}

/**
 * A notice and its link to where the failed deliveries are resent; following the link reads
 * it. Each notice has its own request, so reading two quickly drops neither.
 */
function NoticeItem({ notice }: { notice: DeliveryNotice }) {
  const markRead = useMarkRead();
  return (
    <li aria-label={notice.title} className="flex items-start gap-3">
      <WarningOutlined aria-hidden="true" className="mt-1 text-amber-600" />
      <div className="flex flex-col gap-1">
        <span className="font-medium text-slate-900">{notice.title}</span>
        <span className="text-sm text-slate-700">{notice.body}</span>
        <span className="flex flex-wrap items-center gap-x-3 text-sm">
          <Link to={notice.link} onClick={() => void markRead.mutate({ noticeIds: [notice.id] })}>
            Open and resend
          </Link>
          <span className="text-slate-500">{formatTimestamp(notice.createdAt)}</span>
        </span>
      </div>
    </li>
  );
}
