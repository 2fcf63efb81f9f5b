import { Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ROLLING_WINDOW_DAYS, useMembersTrend } from '../../hooks/use-members-trend';
import { describeLastRows, summarizeTrend } from '../../lib/trend-series';
import { LoadError } from '@/common/ui/load-error';
import { TrendRangePicker, type TrendRange } from './trend-range-picker';
import { SectionCard } from '@/common/ui/section-card';

// The chart library is the biggest part of this page; it loads only when a trend is shown.
const MembersTrendChart = lazy(() =>
  import('./members-trend-chart').then((module) => ({ default: module.MembersTrendChart })),
);

/** How many recent days the text alternative lists. */
const LISTED_DAYS = 7;

interface MembersTrendCardProps {
  segmentId: string;
  cohortId: string;
}

/** The cohort's members per day with a rolling average, over 30, 90 or 180 days. */
export function MembersTrendCard({ segmentId, cohortId }: MembersTrendCardProps) {
  const [days, setDays] = useState<TrendRange>(30);
  const trend = useMembersTrend(segmentId, cohortId, days);
  const hasCounts = trend.rows.some((row) => row.members !== null);
  const chartLoading = <Skeleton.Node active className="!h-60 !w-full" />;

  return (
    <SectionCard title="Members over time">
      <div className="flex flex-col gap-3">
        <TrendRangePicker value={days} onChange={setDays} />
        {trend.isPending && chartLoading}
        {trend.error && (
          <LoadError
            title="The trend could not be loaded."
            error={trend.error}
            onRetry={trend.retry}
          />
        )}
        {!trend.isPending && !trend.error && !hasCounts && (
          <p className="text-sm text-slate-600">
            No counts yet: members are counted after each data load and once a day.
          </p>
        )}
        {hasCounts && (
          <>
            <div role="img" aria-label={summarizeTrend(trend.rows, days, ROLLING_WINDOW_DAYS)}>
              <Suspense fallback={chartLoading}>
                <MembersTrendChart rows={trend.rows} window={ROLLING_WINDOW_DAYS} />
              </Suspense>
            </div>
            <ul aria-label="Latest days" className="sr-only">
              {describeLastRows(trend.rows, LISTED_DAYS).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </SectionCard>
  );
}
