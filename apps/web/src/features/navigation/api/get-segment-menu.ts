import { LIVE_OPS_API, segmentSummaryListSchema } from '@revlane/contracts';
import { usePrefetchQuery } from '@tanstack/react-query';
import { defineGetQuery, useApiClient, useGetQuery } from '@/common/api';
import { navigationKeys } from './navigation-keys';

/** `GET {liveOps}/segments/me`, as the sidebar's Segments section lists them. */
export const segmentMenuQuery = defineGetQuery({
  service: 'liveOps',
  path: LIVE_OPS_API.mySegments,
  schema: segmentSummaryListSchema,
  queryKey: navigationKeys.segmentMenu(),
  // docs/product.md §4: the segment menu is refetched every time, it never counts as fresh.
  staleTime: 0,
  refetchOnMount: 'always',
});

export const useSegmentMenu = () => useGetQuery(segmentMenuQuery);

/** docs/product.md §4: the menu is prefetched on start, in parallel with the profile. */
export function usePrefetchSegmentMenu() {
  usePrefetchQuery(segmentMenuQuery.options(useApiClient(segmentMenuQuery.service)));
}
