import { cohortListSchema, COHORTS_API, type Cohort } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { sortCohorts } from '../lib/sort-cohorts';
import { untilCounted } from '../lib/until-counted';
import { cohortsKeys } from './cohorts-keys';

/** `GET {liveOps}/segments/{segmentId}/cohorts`: the segment's cohorts, favorites first. */
export async function fetchSegmentCohorts(
  client: ApiClient,
  segmentId: string,
  signal?: AbortSignal,
): Promise<Cohort[]> {
  const data = await client.get<unknown>(COHORTS_API.segmentCohorts(segmentId), { signal });
  return sortCohorts(cohortListSchema.parse(data));
}

export function segmentCohortsQueryOptions(client: ApiClient, segmentId: string) {
  return queryOptions({
    queryKey: cohortsKeys.list(segmentId),
    queryFn: ({ signal }) => fetchSegmentCohorts(client, segmentId, signal),
    // The list shows its own error with a retry.
    meta: { hideErrorToast: true },
    refetchInterval: (query) => untilCounted(query.state.data ?? []),
  });
}

export function useSegmentCohorts(segmentId: string) {
  const client = useApiClient('liveOps');
  return useQuery(segmentCohortsQueryOptions(client, segmentId));
}
