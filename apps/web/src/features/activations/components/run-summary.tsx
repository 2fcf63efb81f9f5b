import type { ActivationRun } from '@revlane/contracts';
import { Tag } from 'antd';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import {
  describeCounts,
  describeProgress,
  isRunActive,
  RUN_STATUS_COLORS,
} from '../lib/describe-activation';

/** A run's status, and a dry run said as such. */
export function RunStatus({ run }: { run: ActivationRun }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <Tag color={RUN_STATUS_COLORS[run.status]}>{run.status}</Tag>
      {run.dryRun && <Tag>Dry run</Tag>}
      {isRunActive(run) && <span className="text-slate-600">{describeProgress(run)}</span>}
    </span>
  );
}

/** A run in two lines: status and when, then its counts; "Never" before the first. */
export function RunSummary({ run }: { run: ActivationRun | null }) {
  if (!run) return <span className="text-slate-500">Never</span>;
  return (
    <span className="flex flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <RunStatus run={run} />
        <span>{formatTimestamp(run.startedAt ?? run.createdAt)}</span>
      </span>
      <span className="text-slate-600">{describeCounts(run.counts)}</span>
    </span>
  );
}
