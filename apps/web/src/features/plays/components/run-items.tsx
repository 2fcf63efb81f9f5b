import type { PlayRunItem } from '@revlane/contracts';
import { Skeleton, Table, Tag, type TableProps } from 'antd';
import { LoadError } from '@/common/ui/load-error';
import { usePlayRun } from '../api/get-play';
import { ACTION_LABELS } from '../lib/describe-play';

const ITEM_COLORS: Record<PlayRunItem['status'], string> = {
  pending: 'gold',
  succeeded: 'green',
  failed: 'red',
};

const columns: TableProps<PlayRunItem>['columns'] = [
  { key: 'record', title: 'Record', render: (_, item) => item.recordId },
  { key: 'action', title: 'Action', render: (_, item) => ACTION_LABELS[item.actionType] },
  {
    key: 'status',
    title: 'Outcome',
    render: (_, item) => <Tag color={ITEM_COLORS[item.status]}>{item.status}</Tag>,
  },
  { key: 'attempts', title: 'Attempts', render: (_, item) => item.attempts },
  { key: 'external', title: 'External id', render: (_, item) => item.externalId ?? '—' },
  {
    key: 'error',
    title: 'Error',
    render: (_, item) => (item.error ? <span className="text-red-600">{item.error}</span> : '—'),
  },
];

/** A run's outcome per record and action (`GET plays/{id}/runs/{runId}`). */
export function RunItems({ playId, runId }: { playId: string; runId: string }) {
  const run = usePlayRun(playId, runId);
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
    <Table<PlayRunItem>
      aria-label="Outcomes per record"
      rowKey={(item) => `${item.recordId}:${item.actionId}`}
      size="small"
      columns={columns}
      dataSource={run.data.items}
      pagination={run.data.items.length > 50 ? { pageSize: 50 } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}
