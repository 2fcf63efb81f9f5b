import { LIVE_OPS_API, segmentSummaryListSchema, type SegmentSummary } from '@revlane/contracts';
import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { navigationKeys } from './navigation-keys';

/** `GET {liveOps}/segments/me`, as the sidebar's Segments section lists them. */
export async function fetchSegmentMenu(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<SegmentSummary[]> {
  const data = await client.get<unknown>(LIVE_OPS_API.mySegments, { signal });
  return segmentSummaryListSchema.parse(data);
}

export function segmentMenuQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: navigationKeys.segmentMenu(),
    queryFn: ({ signal }) => fetchSegmentMenu(client, signal),
    // docs/product.md §4: the segment menu is refetched every time, it never counts as fresh.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useSegmentMenu() {
  const client = useApiClient('liveOps');
  return useQuery(segmentMenuQueryOptions(client));
}

/** docs/product.md §4: the menu is prefetched on start, in parallel with the profile. */
export function usePrefetchSegmentMenu() {
  const client = useApiClient('liveOps');
  usePrefetchQuery(segmentMenuQueryOptions(client));
}
