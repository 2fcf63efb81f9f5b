import { LIVE_OPS_API, segmentGroupsPageSchema, type SegmentGroupsPage } from '@revlane/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { toDataResult, type DataResult } from './get-segment-data';
import { segmentsKeys } from './segments-keys';

/** `GET {liveOps}/segments/{id}/data?pivot=…[&pivot_identifier=…]`: a page of groups. */
export async function fetchSegmentGroups(
  client: ApiClient,
  segmentId: string,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<DataResult<SegmentGroupsPage>> {
  const data = await client.get<unknown>(LIVE_OPS_API.data(segmentId), { params: query, signal });
  return toDataResult(data, (body) => segmentGroupsPageSchema.parse(body));
}

export function segmentGroupsQueryOptions(
  client: ApiClient,
  segmentId: string,
  query: Record<string, string>,
) {
  return queryOptions({
    queryKey: segmentsKeys.groupsPage(segmentId, query),
    queryFn: ({ signal }) => fetchSegmentGroups(client, segmentId, query, signal),
    placeholderData: keepPreviousData,
    meta: { hideErrorToast: true },
  });
}

export function useSegmentGroups(
  segmentId: string,
  query: Record<string, string>,
  enabled: boolean,
) {
  const client = useApiClient('liveOps');
  return useQuery({ ...segmentGroupsQueryOptions(client, segmentId, query), enabled });
}
