import { APP_ROUTES, type RecordPlayItem } from '@revlane/contracts';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { SectionCard } from '@/common/ui/section-card';
import { EmptyNote } from './empty-note';

const STATUS_COLORS: Record<string, string> = {
  pending: 'gold',
  succeeded: 'green',
  sent: 'green',
  failed: 'red',
};

interface RecordPlayActionsProps {
  items: RecordPlayItem[];
  noun: string;
  actionLabels: Readonly<Record<string, string>>;
}

/**
 * The play actions run for the record with their outcomes; each opens its run on the play's
 * page (`?run=`, the parameter the admins' notices link with, ADR 0031).
 */
export function RecordPlayActions({ items, noun, actionLabels }: RecordPlayActionsProps) {
  return (
    <SectionCard title="Play actions">
      {items.length === 0 ? (
        <EmptyNote>{`No play actions for this ${noun} yet`}</EmptyNote>
      ) : (
        <ul aria-label="Play actions" className="flex flex-col gap-3 text-sm">
          {items.map((item, index) => (
            <li key={`${item.runId}:${item.actionType}:${index}`} className="flex flex-col gap-0.5">
              <Link to={`${APP_ROUTES.play(item.playId)}?run=${encodeURIComponent(item.runId)}`}>
                {item.playName}
              </Link>
              <span className="flex flex-wrap items-center gap-2">
                <span>{actionLabels[item.actionType] ?? item.actionType}</span>
                <Tag color={STATUS_COLORS[item.status] ?? 'default'}>{item.status}</Tag>
                <span className="text-slate-500">{formatTimestamp(item.at)}</span>
              </span>
              {item.error && <span className="text-red-600">{item.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
