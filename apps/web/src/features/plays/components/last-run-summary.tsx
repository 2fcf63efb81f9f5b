import type { PlayRun } from '@revlane/contracts';
import { Tag } from 'antd';
import { formatTimestamp } from '@/common/lib/format-timestamp';
import { describeCounts } from '../lib/describe-play';

export const RUN_STATUS_COLORS: Record<PlayRun['status'], string> = {
  running: 'blue',
  succeeded: 'green',
  partial: 'gold',
  failed: 'red',
};

/** A run in one line: when, its status and its counts. */
export function RunSummary({ run }: { run: PlayRun | null }) {
  if (!run) return <span className="text-slate-500">Never</span>;
  return (
    <span className="flex flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <Tag color={RUN_STATUS_COLORS[run.status]}>{run.status}</Tag>
        <span>{formatTimestamp(run.startedAt)}</span>
      </span>
      <span className="text-slate-600">{describeCounts(run.counts)}</span>
    </span>
  );
}
