import { RedoOutlined } from '@ant-design/icons';
import {
  APP_ROUTES,
  type BaseTable,
  type Delivery,
  type Firing,
  type Notification,
} from '@revlane/contracts';
import { Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { useSegmentBaseTable } from '@/common/queries';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';
import { MutationButton } from '@/common/ui/mutation-button';
import { SectionCard } from '@/common/ui/section-card';
import { useFirings } from '../api/get-alert';
import { useResendFiring } from '../api/save-alert';
import { CHANNEL_LABELS } from '../lib/describe-alert';
import { firingRecordsLink, recordLabel } from '../lib/firing-records-link';
import { firingSummary } from '../lib/firing-summary';

/** Records listed per firing; the rest are behind the segment link. */
const RECORDS_SHOWN = 20;

const STATUS_COLORS: Record<Delivery['status'], string> = {
  sent: 'green',
  pending: 'gold',
  failed: 'red',
};

/**
 * The alert's firings, newest first: records (into the segment) and each channel's delivery,
 * a pending one with its next attempt; a firing's failed deliveries can be resent (ADR 0031).
 */
export function FiringsList({ alert }: { alert: Notification }) {
  const firings = useFirings(alert.id);
  const baseTable = useSegmentBaseTable(alert.segmentId);
  if (firings.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (firings.isError) {
    return (
      <LoadError title="The firings could not be loaded." onRetry={() => void firings.refetch()} />
    );
  }
  if (firings.data.length === 0) {
    return (
      <EmptyState title="No firings yet">
        The alert is checked after each data load; the first check only notes who is in the cohort.
      </EmptyState>
    );
  }
  return (
    <SectionCard title="Firings">
      <ol aria-label="Firings" className="flex flex-col gap-6">
        {firings.data.map((firing) => (
          <FiringItem key={firing.id} alert={alert} firing={firing} baseTable={baseTable} />
        ))}
      </ol>
    </SectionCard>
  );
}

interface FiringItemProps {
  alert: Notification;
  firing: Firing;
  /** Whose records the alert's segment holds; until it is known, records are not links. */
  baseTable: BaseTable | undefined;
}

function FiringItem({ alert, firing, baseTable }: FiringItemProps) {
  const shown = firing.records.slice(0, RECORDS_SHOWN);
  const resend = useResendFiring(alert.id);
  const hasFailed = firing.deliveries.some((delivery) => delivery.status === 'failed');
  return (
    <li
      aria-label={`Firing of ${formatTimestamp(firing.firedAt)}`}
      className="border-b border-slate-100 pb-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium text-slate-900">
          {firingSummary({ ...firing, alertName: alert.name })}
        </h3>
        <span className="text-sm text-slate-500">{formatTimestamp(firing.firedAt)}</span>
      </div>
      {firing.records.length > 0 && (
        <>
          <ul aria-label="Records" className="mt-2 list-disc ps-5 text-sm text-slate-700">
            {shown.map((record, index) => (
              <li key={String(record.id ?? index)}>
                <RecordLabel record={record} baseTable={baseTable} />
              </li>
            ))}
          </ul>
          <Link
            className="mt-1 inline-block text-sm"
            to={firingRecordsLink(alert.segmentId, firing)}
          >
            {`Open these ${firing.records.length} record${firing.records.length === 1 ? '' : 's'} in the segment`}
          </Link>
        </>
      )}
      <ul aria-label="Deliveries" className="mt-3 flex flex-col gap-1 text-sm">
        {firing.deliveries.map((delivery) => (
          <li
            key={`${delivery.channel}:${delivery.target}`}
            className="flex flex-wrap items-center gap-2"
          >
            <span>{`${CHANNEL_LABELS[delivery.channel]}${delivery.channel === 'inApp' ? '' : ` ${delivery.target}`}`}</span>
            <Tag color={STATUS_COLORS[delivery.status]}>{delivery.status}</Tag>
            {/* A failed try waits on the retry schedule, for hours at most (ADR 0031). */}
            {delivery.status === 'pending' && delivery.nextAttemptAt && (
              <span className="text-slate-500">{`Next attempt ${formatTimestamp(delivery.nextAttemptAt)}`}</span>
            )}
            {delivery.sentAt && (
              <span className="text-slate-500">{formatTimestamp(delivery.sentAt)}</span>
            )}
            {delivery.attempts > 1 && (
              <span className="text-slate-500">{`${delivery.attempts} attempts`}</span>
            )}
            {delivery.error && <span className="text-red-600">{delivery.error}</span>}
          </li>
        ))}
      </ul>
      {hasFailed && (
        <MutationButton
          className="mt-2"
          size="small"
          icon={<RedoOutlined aria-hidden="true" />}
          onClick={() => resend.mutate(firing.id)}
        >
          Resend failed
        </MutationButton>
      )}
    </li>
  );
}

/** A firing's record, its name linking to the record's page (docs/product.md §2). */
function RecordLabel({
  record,
  baseTable,
}: {
  record: Firing['records'][number];
  baseTable: BaseTable | undefined;
}) {
  const id = record.id;
  if (!baseTable || id === null || id === undefined || id === '') return recordLabel(record);
  return <Link to={APP_ROUTES.record(baseTable, String(id))}>{recordLabel(record)}</Link>;
}
