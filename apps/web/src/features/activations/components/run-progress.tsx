import type { ActivationRun } from '@revlane/contracts';
import { Progress } from 'antd';
import { describeProgress } from '../lib/describe-activation';

/** "Sending 1,200 of 10,000" and its bar while a run runs. */
export function RunProgress({ run }: { run: ActivationRun }) {
  const text = describeProgress(run);
  const percent = run.planned > 0 ? Math.floor((run.done / run.planned) * 100) : 0;
  return (
    <div role="status" className="flex flex-col gap-1">
      <span className="text-sm text-slate-700">{text}</span>
      <Progress percent={percent} showInfo={false} size="small" aria-label={text} />
    </div>
  );
}
