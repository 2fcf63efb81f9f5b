import type { MappingRun } from '@revlane/contracts';
import { Progress } from 'antd';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useMappingRun } from '../../api/get-mapping-run';
import { formatCount } from '../../lib/sync-status';

/** How far a run is: a publish reports no rows until it swaps, so its status sets the bar. */
const PERCENT: Record<MappingRun['status'], number> = {
  queued: 10,
  running: 60,
  succeeded: 100,
  failed: 100,
  cancelled: 100,
};

const STATUS_TEXT: Record<MappingRun['status'], string> = {
  queued: 'Waiting to publish…',
  running: 'Building accounts, users and events…',
  succeeded: 'Published',
  failed: 'Publishing failed',
  cancelled: 'Publishing was cancelled',
};

/** The progress of a publish run, read until it ends (`GET mapping/runs/{id}`). */
export function PublishProgress({ runId }: { runId: string }) {
  const run = useMappingRun(runId);
  if (run.isError) return <InlineAlert type="error" title={run.error.message} />;
  const status = run.data?.status ?? 'queued';
  return (
    <div className="flex flex-col gap-2">
      <Progress
        percent={PERCENT[status]}
        status={
          status === 'succeeded'
            ? 'success'
            : status === 'failed' || status === 'cancelled'
              ? 'exception'
              : 'active'
        }
        aria-label="Publish progress"
      />
      <p role="status" className="text-sm text-slate-700">
        {status === 'succeeded' && run.data
          ? `Published: ${formatCount(run.data.rowsWritten)} rows. Segments now show your data.`
          : STATUS_TEXT[status]}
      </p>
      {run.data?.error && <InlineAlert type="error" title={run.data.error} />}
    </div>
  );
}
