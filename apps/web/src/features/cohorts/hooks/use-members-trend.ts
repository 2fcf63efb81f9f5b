import type { TrendRequestInput } from '@revlane/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '@/common/api';
import { cohortTrendQueryOptions } from '../api/get-cohort-trend';
import { rollingAverageQueryOptions } from '../api/get-rolling-average';
import { toTrendRows } from '../lib/trend-series';
import { utcDaysAgo } from '../lib/utc-day';

/** Days of the rolling average: a week smooths out weekday/weekend swings. */
export const ROLLING_WINDOW_DAYS = 7;

/** The request both endpoints get: the last `days` UTC days up to today, both included. */
export function membersTrendRequest(cohortId: string, days: number): TrendRequestInput {
  return {
    cohortId,
    metric: 'members',
    from: utcDaysAgo(days - 1),
    to: utcDaysAgo(0),
    interval: 'day',
    window: ROLLING_WINDOW_DAYS,
  };
}

/** A cohort's members per day and their rolling average, asked for in parallel. */
export function useMembersTrend(segmentId: string, cohortId: string, days: number) {
  const client = useApiClient('liveOps');
  const body = membersTrendRequest(cohortId, days);
  const [trend, average] = useQueries({
    queries: [
      cohortTrendQueryOptions(client, segmentId, cohortId, body),
      rollingAverageQueryOptions(client, segmentId, cohortId, body),
    ],
  });
  const rows = useMemo(
    () => (trend.data && average.data ? toTrendRows(trend.data.points, average.data.points) : []),
    [trend.data, average.data],
  );
  const error = trend.error ?? average.error;
  return {
    rows,
    isPending: trend.isPending || average.isPending,
    error,
    retry: () => {
      if (trend.isError) void trend.refetch();
      if (average.isError) void average.refetch();
    },
  };
}
