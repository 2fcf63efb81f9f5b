import { LIVE_OPS_API, segmentSummaryListSchema } from '@revlane/contracts';
import { usePrefetchQuery } from '@tanstack/react-query';
import { defineGetQuery, useApiClient, useGetQuery } from '@/common/api';
import { sharedKeys } from './shared-keys';

/**
 * `GET {liveOps}/segments/me`: the user's segments, in menu order. Owned by the segments
 * feature; the sidebar and the plays and alerts forms list them from this same query.
 */
export const mySegmentsQuery = defineGetQuery({
  service: 'liveOps',
  path: LIVE_OPS_API.mySegments,
  schema: segmentSummaryListSchema,
  queryKey: sharedKeys.mySegments(),
  // docs/product.md §4: the segment list never goes stale; changes to segments invalidate it.
  staleTime: Infinity,
});

export const useMySegments = () => useGetQuery(mySegmentsQuery);

/** docs/product.md §4: the segments are prefetched when the app starts. */
export function usePrefetchMySegments() {
  usePrefetchQuery(mySegmentsQuery.options(useApiClient(mySegmentsQuery.service)));
}
