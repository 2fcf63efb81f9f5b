import type { MappingRun } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Progress } from 'antd';
import { useEffect } from 'react';
import { InlineAlert } from '@/common/ui/inline-alert';
import { useMappingRun } from '../../api/get-mapping-run';
import { sourcesKeys } from '../../api/sources-keys';
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
  const queryClient = useQueryClient();
  const succeeded = run.data?.status === 'succeeded';
  useEffect(() => {
    // A publish replaces the data and the column catalogue (custom attributes, ADR 0026)
    // that segment pages read: nothing read before it may be shown after it.
    if (succeeded)
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== sourcesKeys.all[0],
      });
  }, [succeeded, queryClient]);
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
