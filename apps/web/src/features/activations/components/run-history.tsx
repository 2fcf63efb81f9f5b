import type { ActivationRun } from '@revlane/contracts';
import { Button, Skeleton, Table, Tag, type TableProps } from 'antd';
import { useId } from 'react';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { LoadError } from '@/common/ui/load-error';
import { RunsCard } from '@/common/ui/runs-card';
import { useActivationRun, type useActivationRuns } from '../api/get-activation';
import { describeCounts, describeDuration, TRIGGER_LABELS } from '../lib/describe-activation';
import { RunRecords } from './run-records';
import { RunStatus } from './run-summary';

const startedAt = (run: ActivationRun) => formatTimestamp(run.startedAt ?? run.createdAt);

interface RunHistoryProps {
  activationId: string;
  runs: ReturnType<typeof useActivationRuns>;
  canEdit: boolean;
  isBusy: boolean;
  /** The opened run (`?run=`), or none. */
  openRunId: string | undefined;
  onOpen: (runId: string | undefined) => void;
}

/**
 * The activation's runs, newest first; one opens to its records. The opened run is `?run=` in
 * the address, so a link can open it.
 */
export function RunHistory({
  activationId,
  runs,
  canEdit,
  isBusy,
  openRunId,
  onOpen,
}: RunHistoryProps) {
  const columns: TableProps<ActivationRun>['columns'] = [
    { key: 'started', title: 'Started', render: (_, run) => startedAt(run) },
    {
      key: 'trigger',
      title: 'Trigger',
      render: (_, run) =>
        run.retryFailed
          ? `${TRIGGER_LABELS[run.trigger]} · retry failed`
          : TRIGGER_LABELS[run.trigger],
    },
    { key: 'dryRun', title: 'Dry run', render: (_, run) => (run.dryRun ? 'Yes' : 'No') },
    { key: 'status', title: 'Status', render: (_, run) => <RunStatus run={run} /> },
    { key: 'counts', title: 'Counts', render: (_, run) => describeCounts(run.counts) },
    { key: 'duration', title: 'Duration', render: (_, run) => describeDuration(run) },
    {
      key: 'open',
      title: <span className="sr-only">Records</span>,
      render: (_, run) => {
        const isOpen = run.id === openRunId;
        return (
          <Button
            size="small"
            aria-expanded={isOpen}
            // The visible words first, so a voice command naming them finds the button.
            aria-label={`${isOpen ? 'Hide' : 'Show'} records of the run of ${startedAt(run)}`}
            onClick={() => onOpen(isOpen ? undefined : run.id)}
          >
            {isOpen ? 'Hide records' : 'Show records'}
          </Button>
        );
      },
    },
  ];
  return (
    <RunsCard
      runs={runs}
      emptyText="Start with a dry run: it shows what a run would change, and sends nothing."
    >
      {(data) => (
        <div className="flex flex-col gap-6">
          <Table<ActivationRun>
            aria-label="Runs"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={data}
            pagination={data.length > 20 ? { pageSize: 20 } : false}
            rowClassName={(run) => (run.id === openRunId ? 'bg-brand-50' : '')}
            scroll={{ x: 'max-content' }}
          />
          {openRunId && (
            <OpenRun
              key={openRunId}
              activationId={activationId}
              runId={openRunId}
              canEdit={canEdit}
              isBusy={isBusy}
              onOpen={onOpen}
            />
          )}
        </div>
      )}
    </RunsCard>
  );
}

interface OpenRunProps {
  activationId: string;
  runId: string;
  canEdit: boolean;
  isBusy: boolean;
  onOpen: (runId: string) => void;
}

/** The opened run, read (and polled while it runs) by itself: it may be older than the list. */
function OpenRun({ activationId, runId, canEdit, isBusy, onOpen }: OpenRunProps) {
  const run = useActivationRun(activationId, runId);
  const titleId = useId();
  if (run.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (run.isError) {
    return <LoadError title="This run could not be loaded." onRetry={() => void run.refetch()} />;
  }
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        {`Run of ${startedAt(run.data)}`}
        {run.data.dryRun && <Tag>Dry run</Tag>}
      </h3>
      <RunRecords
        activationId={activationId}
        run={run.data}
        canEdit={canEdit}
        isBusy={isBusy}
        onRetryStarted={(retry) => onOpen(retry.id)}
      />
    </section>
  );
}
