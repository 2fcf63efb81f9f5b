import {
  COHORTS_API,
  trendResponseSchema,
  type TrendRequestInput,
  type TrendResponse,
} from '@revlane/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/common/api';
import { cohortsKeys } from './cohorts-keys';

/** `POST {liveOps}/segments/{segmentId}/rolling-avg`: the trend smoothed over `window` days. */
export async function fetchRollingAverage(
  client: ApiClient,
  segmentId: string,
  body: TrendRequestInput,
  signal?: AbortSignal,
): Promise<TrendResponse> {
  const data = await client.post<unknown>(COHORTS_API.rollingAverage(segmentId), body, {
    signal,
  });
  return trendResponseSchema.parse(data);
}

export function rollingAverageQueryOptions(
  client: ApiClient,
  segmentId: string,
  cohortId: string,
  body: TrendRequestInput,
) {
  return queryOptions({
    queryKey: cohortsKeys.trend(cohortId, 'rolling-avg', body),
    queryFn: ({ signal }) => fetchRollingAverage(client, segmentId, body, signal),
    meta: { hideErrorToast: true },
  });
}
