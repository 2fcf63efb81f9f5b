import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { ROLLING_WINDOW_DAYS, useMembersTrend } from '../../hooks/use-members-trend';
import { describeLastRows, summarizeTrend } from '../../lib/trend-series';
import { LoadError } from '@/common/ui/load-error';
import type { TrendRange } from './trend-range-picker';

// The chart library is the biggest part of this page; it loads only when a trend is shown.
const MembersTrendChart = lazy(() =>
  import('./members-trend-chart').then((module) => ({ default: module.MembersTrendChart })),
);

/** How many recent days the text alternative lists. */
const LISTED_DAYS = 7;
/**
 * The chart's height, and that of whatever stands in for it: fixed, so the table below it
 * never moves as the trend loads (the page fits two screens: docs/architecture.md §6).
 */
export const TREND_CHART_HEIGHT = 180;

interface MembersTrendProps {
  segmentId: string;
  cohortId: string;
  days: TrendRange;
  /** Its past days are being back-filled (ADR 0013): the chart fills in by itself. */
  isHistoryPending: boolean;
}

/** The cohort's members per day with a rolling average, over the last `days` days. */
export function MembersTrend({ segmentId, cohortId, days, isHistoryPending }: MembersTrendProps) {
  const trend = useMembersTrend(segmentId, cohortId, days);
  const hasCounts = trend.rows.some((row) => row.members !== null);
  const chartLoading = (
    <Skeleton.Node active className="!w-full" style={{ height: TREND_CHART_HEIGHT }} />
  );

  return (
    <div className="flex flex-col gap-1">
      <div style={{ height: TREND_CHART_HEIGHT }}>
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
                <MembersTrendChart
                  rows={trend.rows}
                  window={ROLLING_WINDOW_DAYS}
                  height={TREND_CHART_HEIGHT}
                />
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
      {isHistoryPending && (
        <p role="status" className="text-xs text-slate-500">
          Counting its past days: the chart fills in by itself shortly.
        </p>
      )}
    </div>
  );
}
