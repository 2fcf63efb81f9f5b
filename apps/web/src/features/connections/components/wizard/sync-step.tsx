import { Button, Progress } from 'antd';
import { Loader } from '@/common/ui/loader';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useSync } from '../../api/get-sync';
import { formatCount, isSyncActive, SYNC_STATUS_LABELS, syncRows } from '../../lib/sync-status';
import { SyncWarnings } from '../sync-warnings';

interface SyncStepProps {
  syncId: string;
  /** The chosen tables' row estimates summed, for a percentage; null when unknown. */
  expectedRows: number | null;
  onDone: () => void;
}

/** Below 100 % until the run has really finished: estimates are estimates. */
const percentOf = (rows: number, expected: number | null) =>
  expected ? Math.min(99, Math.floor((rows / expected) * 100)) : 0;

/** The first sync with live progress (`GET syncs/{id}` polled): rows so far, then the end. */
export function SyncStep({ syncId, expectedRows, onDone }: SyncStepProps) {
  const sync = useSync(syncId);
  if (sync.isPending) return <Loader label="Starting the sync" />;
  if (sync.isError) return <InlineAlert type="error" title={sync.error.message} />;
  const run = sync.data;
  const rows = syncRows(run);
  const isActive = isSyncActive(run);

  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Sync progress">
        <p className="text-sm font-medium text-slate-800">
          {`${SYNC_STATUS_LABELS[run.status].text} · ${formatCount(rows)} rows so far`}
        </p>
        <Progress
          aria-label="Sync"
          percent={run.status === 'succeeded' ? 100 : percentOf(rows, expectedRows)}
          status={isActive ? 'active' : run.status === 'succeeded' ? 'success' : 'exception'}
        />
      </section>
      {run.status === 'succeeded' && (
        <InlineAlert
          type="success"
          title={`Loaded ${formatCount(run.rowsWritten)} rows into your warehouse`}
          description={
            <ul className="list-disc pl-5">
              {run.tables.map((table) => (
                <li key={table.name}>{`${table.name}: ${formatCount(table.rows)} rows`}</li>
              ))}
            </ul>
          }
        />
      )}
      <SyncWarnings warnings={run.warnings} />
      {(run.status === 'failed' || run.status === 'cancelled') && (
        <InlineAlert
          type="error"
          title={`The sync ${run.status === 'failed' ? 'failed' : 'was cancelled'}`}
          description={run.error}
        />
      )}
      <div className="flex justify-end">
        <Button type="primary" onClick={onDone}>
          {isActive ? 'Close (the sync goes on)' : 'Done'}
        </Button>
      </div>
    </div>
  );
}
