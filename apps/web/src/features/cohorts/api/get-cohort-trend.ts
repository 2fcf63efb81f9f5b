import {
  COHORTS_API,
  trendResponseSchema,
  type TrendRequestInput,
  type TrendResponse,
} from '@revlane/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/common/api';
import { cohortsKeys } from './cohorts-keys';

/** `POST {liveOps}/segments/{segmentId}/trend`: a cohort's daily member counts. */
export async function fetchCohortTrend(
  client: ApiClient,
  segmentId: string,
  body: TrendRequestInput,
  signal?: AbortSignal,
): Promise<TrendResponse> {
  const data = await client.post<unknown>(COHORTS_API.trend(segmentId), body, { signal });
  return trendResponseSchema.parse(data);
}

export function cohortTrendQueryOptions(
  client: ApiClient,
  segmentId: string,
  cohortId: string,
  body: TrendRequestInput,
) {
  return queryOptions({
    queryKey: cohortsKeys.trend(cohortId, 'trend', body),
    queryFn: ({ signal }) => fetchCohortTrend(client, segmentId, body, signal),
    meta: { hideErrorToast: true },
  });
}
