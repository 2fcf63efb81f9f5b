import { LIVE_OPS_API, segmentSummaryListSchema, type SegmentSummary } from '@revlane/contracts';
import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/** `GET {liveOps}/segments/me`: the user's segments. */
export async function fetchMySegments(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<SegmentSummary[]> {
  const data = await client.get<unknown>(LIVE_OPS_API.mySegments, { signal });
  return segmentSummaryListSchema.parse(data);
}

export function mySegmentsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: segmentsKeys.mine(),
    queryFn: ({ signal }) => fetchMySegments(client, signal),
    // docs/product.md §4: segment lists never go stale; changes to segments refetch them explicitly.
    staleTime: Infinity,
  });
}

export function useMySegments() {
  const client = useApiClient('liveOps');
  return useQuery(mySegmentsQueryOptions(client));
}

/** docs/product.md §4: the segment list is prefetched when the app starts. */
export function usePrefetchMySegments() {
  const client = useApiClient('liveOps');
  usePrefetchQuery(mySegmentsQueryOptions(client));
}
