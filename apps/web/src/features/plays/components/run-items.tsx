import { RedoOutlined } from '@ant-design/icons';
import { APP_ROUTES, type BaseTable, type PlayRunItem } from '@revlane/contracts';
import { Skeleton, Table, Tag, type TableProps } from 'antd';
import { Link } from 'react-router';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { useSegmentBaseTable } from '@/common/queries';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { LoadError } from '@/common/ui/load-error';
import { usePlay, usePlayRun } from '../api/get-play';
import { useResendRun } from '../api/save-play';
import { ACTION_LABELS } from '../lib/describe-play';

const ITEM_COLORS: Record<PlayRunItem['status'], string> = {
  pending: 'gold',
  succeeded: 'green',
  failed: 'red',
};

/** The outcome columns; a record links to its page once the segment's base table is known. */
const toColumns = (baseTable: BaseTable | undefined): TableProps<PlayRunItem>['columns'] => [
  {
    key: 'record',
    title: 'Record',
    render: (_, item) =>
      baseTable ? (
        <Link to={APP_ROUTES.record(baseTable, item.recordId)}>{item.recordId}</Link>
      ) : (
        item.recordId
      ),
  },
  { key: 'action', title: 'Action', render: (_, item) => ACTION_LABELS[item.actionType] },
  {
    key: 'status',
    title: 'Outcome',
    render: (_, item) => (
      <span className="flex flex-wrap items-center gap-x-2">
        <Tag color={ITEM_COLORS[item.status]}>{item.status}</Tag>
        {/* A failed try waits on the retry schedule, for hours at most (ADR 0031). */}
        {item.status === 'pending' && item.nextAttemptAt && (
          <span className="text-slate-500">{`Next attempt ${formatTimestamp(item.nextAttemptAt)}`}</span>
        )}
      </span>
    ),
  },
  { key: 'attempts', title: 'Attempts', render: (_, item) => item.attempts },
  { key: 'external', title: 'External id', render: (_, item) => item.externalId ?? '—' },
  {
    key: 'error',
    title: 'Error',
    render: (_, item) => (item.error ? <span className="text-red-600">{item.error}</span> : '—'),
  },
];

interface RunItemsProps {
  playId: string;
  runId: string;
  /** Admins resend failed items (docs/product.md §6); members see the button disabled. */
  canEdit: boolean;
}

/**
 * A run's outcome per record and action (`GET plays/{id}/runs/{runId}`), and "Resend failed"
 * when items failed: they are tried again with their original keys (ADR 0031).
 */
export function RunItems({ playId, runId, canEdit }: RunItemsProps) {
  const run = usePlayRun(playId, runId);
  // The play is on screen already (its page read it): whose records its cohort holds.
  const baseTable = useSegmentBaseTable(usePlay(playId).data?.segmentId);
  const resend = useResendRun(playId);
  if (run.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (run.isError) {
    return (
      <LoadError
        title="This run's outcomes could not be loaded."
        onRetry={() => void run.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {run.data.counts.failed > 0 && (
        <div>
          <AdminOnlyButton
            size="small"
            canEdit={canEdit}
            action="resend failed items"
            icon={<RedoOutlined aria-hidden="true" />}
            onClick={() => resend.mutate(runId)}
          >
            Resend failed
          </AdminOnlyButton>
        </div>
      )}
      <Table<PlayRunItem>
        aria-label="Outcomes per record"
        rowKey={(item) => `${item.recordId}:${item.actionId}`}
        size="small"
        columns={toColumns(baseTable)}
        dataSource={run.data.items}
        pagination={run.data.items.length > 50 ? { pageSize: 50 } : false}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
