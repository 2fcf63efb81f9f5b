import { LIVE_OPS_API, segmentDetailSchema, type SegmentDetail } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/** `GET {liveOps}/segments/{id}`: the segment with its settings and readiness. */
export async function fetchSegment(
  client: ApiClient,
  segmentId: string,
  signal?: AbortSignal,
): Promise<SegmentDetail> {
  const data = await client.get<unknown>(LIVE_OPS_API.segment(segmentId), { signal });
  return segmentDetailSchema.parse(data);
}

export function segmentQueryOptions(client: ApiClient, segmentId: string) {
  return queryOptions({
    queryKey: segmentsKeys.detail(segmentId),
    queryFn: ({ signal }) => fetchSegment(client, segmentId, signal),
    // The page shows not-found and failures itself.
    meta: { hideErrorToast: true },
  });
}

export function useSegmentDetail(segmentId: string) {
  const client = useApiClient('liveOps');
  return useQuery(segmentQueryOptions(client, segmentId));
}
