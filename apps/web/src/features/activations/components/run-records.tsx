import { RedoOutlined } from '@ant-design/icons';
import {
  ACTIVATION_RECORD_STATUSES,
  type ActivationRecordStatus,
  type ActivationRun,
  type ActivationRunRecord,
} from '@revlane/contracts';
import { Segmented, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { AdminOnlyButton } from '@/common/ui/admin-only-button';
import { InlineAlert } from '@/common/ui/inline-alert';
import { LoadError } from '@/common/ui/load-error';
import { useRunRecords } from '../api/get-activation';
import { useStartRun, type StartedRun } from '../api/save-activation';
import {
  isRunActive,
  RECORD_STATUS_COLORS,
  RECORD_STATUS_LABELS,
} from '../lib/describe-activation';
import { FieldChanges } from './field-changes';
import { RunNotes } from './run-notes';
import { RunProgress } from './run-progress';

const OUTCOME_COLORS: Record<ActivationRunRecord['outcome'], string> = {
  pending: 'gold',
  planned: 'default',
  succeeded: 'green',
  failed: 'red',
};

const columns: TableProps<ActivationRunRecord>['columns'] = [
  { key: 'key', title: 'Key', render: (_, record) => record.key },
  {
    key: 'change',
    title: 'Change',
    render: (_, record) => (
      <Tag color={RECORD_STATUS_COLORS[record.change]}>{RECORD_STATUS_LABELS[record.change]}</Tag>
    ),
  },
  {
    key: 'outcome',
    title: 'Outcome',
    render: (_, record) => <Tag color={OUTCOME_COLORS[record.outcome]}>{record.outcome}</Tag>,
  },
  { key: 'fields', title: 'Fields', render: (_, record) => <FieldChanges changes={record.sent} /> },
  {
    key: 'destinationId',
    title: 'Destination id',
    render: (_, record) => record.destinationId ?? '—',
  },
  {
    key: 'answer',
    title: 'Answer',
    render: (_, record) =>
      record.answer ? (
        <span className={record.status === 'failed' ? 'text-red-600' : ''}>{record.answer}</span>
      ) : (
        '—'
      ),
  },
];

type Filter = ActivationRecordStatus | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...ACTIVATION_RECORD_STATUSES.map((status) => ({
    value: status,
    label: RECORD_STATUS_LABELS[status],
  })),
];

interface RunRecordsProps {
  activationId: string;
  run: ActivationRun;
  /** Admins send the failed records again (docs/product.md §6); members see it disabled. */
  canEdit: boolean;
  /** Another run is queued or running: one at a time per activation (ADR 0033). */
  isBusy: boolean;
  /** The retry's run, to open it in place of this one. */
  onRetryStarted: (run: StartedRun) => void;
}

/**
 * A run's log, a page at a time, filtered by outcome (`?status=` on the records endpoint):
 * each record's key, fields before → after, the destination's id and answer. "Retry failed"
 * starts a run of the failed records only.
 */
export function RunRecords({
  activationId,
  run,
  canEdit,
  isBusy,
  onRetryStarted,
}: RunRecordsProps) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const isActive = isRunActive(run);
  const records = useRunRecords(activationId, run.id, {
    status: filter === 'all' ? undefined : filter,
    page,
    isRunActive: isActive,
  });
  const retry = useStartRun(activationId);
  const canRetry = !run.dryRun && !isActive && run.counts.failed > 0;

  return (
    <div className="flex flex-col gap-3">
      {isActive && <RunProgress run={run} />}
      {run.error && <InlineAlert type="error" title="The run failed." description={run.error} />}
      <RunNotes run={run} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented<Filter>
          aria-label="Outcome"
          options={FILTERS}
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        {canRetry && (
          <AdminOnlyButton
            size="small"
            canEdit={canEdit}
            action="retry failed records"
            disabled={isBusy}
            icon={<RedoOutlined aria-hidden="true" />}
            onClick={() => retry.mutate({ retryFailed: true }, { onSuccess: onRetryStarted })}
          >
            Retry failed
          </AdminOnlyButton>
        )}
      </div>
      {records.isError ? (
        <LoadError
          title="This run's records could not be loaded."
          onRetry={() => void records.refetch()}
        />
      ) : (
        <Table<ActivationRunRecord>
          aria-label="Records"
          rowKey="key"
          size="small"
          loading={records.isPending || records.isPlaceholderData}
          columns={columns}
          dataSource={records.data?.items ?? []}
          locale={{ emptyText: filter === 'all' ? 'No records' : 'No records with this outcome' }}
          pagination={{
            current: page,
            pageSize: records.data?.perPage ?? 50,
            total: records.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          scroll={{ x: 'max-content' }}
        />
      )}
    </div>
  );
}
