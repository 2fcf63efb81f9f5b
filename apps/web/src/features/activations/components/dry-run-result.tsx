import { ACTIVATION_DRY_RUN_SAMPLES } from '@revlane/contracts';
import { Skeleton, Tag } from 'antd';
import { InlineAlert } from '@/common/ui/inline-alert';
import { LoadError } from '@/common/ui/load-error';
import { SectionCard } from '@/common/ui/section-card';
import { useActivationRun, useRunRecords } from '../api/get-activation';
import {
  describeCounts,
  formatCount,
  isRunActive,
  RECORD_STATUS_COLORS,
  RECORD_STATUS_LABELS,
} from '../lib/describe-activation';
import { FieldChanges } from './field-changes';
import { RunNotes } from './run-notes';
import { RunProgress } from './run-progress';

/**
 * A dry run's outcome: read until it has ended, then its counts and the first changes it
 * would send (`records`, first page), each with its fields before → after. Nothing was sent.
 */
export function DryRunResult({ activationId, runId }: { activationId: string; runId: string }) {
  const run = useActivationRun(activationId, runId);
  const hasEnded = run.data !== undefined && !isRunActive(run.data);
  const records = useRunRecords(activationId, runId, { enabled: hasEnded });
  return (
    <SectionCard title="Dry run" description="What a run would change now. Nothing was sent.">
      {run.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : run.isError ? (
        <LoadError title="The dry run could not be loaded." onRetry={() => void run.refetch()} />
      ) : !hasEnded ? (
        <RunProgress run={run.data} />
      ) : (
        <div className="flex flex-col gap-4">
          {run.data.error && (
            <InlineAlert type="error" title="The dry run failed." description={run.data.error} />
          )}
          <RunNotes run={run.data} />
          <p aria-label="Dry run counts" className="text-sm text-slate-800">
            {`${describeCounts(run.data.counts)} · ${formatCount(run.data.counts.unchanged)} unchanged`}
          </p>
          {records.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : records.isError ? (
            <LoadError
              title="The sample changes could not be loaded."
              onRetry={() => void records.refetch()}
            />
          ) : records.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing to change: the destination is in step.</p>
          ) : (
            <>
              <ol aria-label="Sample changes" className="flex flex-col gap-3">
                {records.data.items.slice(0, ACTIVATION_DRY_RUN_SAMPLES).map((record) => (
                  <li
                    key={record.key}
                    aria-label={record.key}
                    className="border-b border-slate-100 pb-2 text-sm"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-slate-900">{record.key}</span>
                      <Tag color={RECORD_STATUS_COLORS[record.change]}>
                        {RECORD_STATUS_LABELS[record.change]}
                      </Tag>
                    </div>
                    <FieldChanges changes={record.sent} />
                  </li>
                ))}
              </ol>
              {records.data.total > ACTIVATION_DRY_RUN_SAMPLES && (
                <p className="text-sm text-slate-500">
                  {`The first ${ACTIVATION_DRY_RUN_SAMPLES} of ${formatCount(records.data.total)} changes.`}
                </p>
              )}
            </>
          )}
        </div>
      )}
    </SectionCard>
  );
}
