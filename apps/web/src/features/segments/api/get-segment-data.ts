import {
  LIVE_OPS_API,
  segmentDataPageSchema,
  segmentPreparingSchema,
  type SegmentDataPage,
} from '@revlane/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/** A data answer: rows, or the 202 "preparing" state of a segment whose first load runs. */
export type DataResult<T> = { status: 'preparing' } | { status: 'ready'; page: T };

/** Reads a `GET segments/{id}/data` body that is either a page or `{ status: 'preparing' }`. */
export function toDataResult<T>(data: unknown, parse: (data: unknown) => T): DataResult<T> {
  if (segmentPreparingSchema.safeParse(data).success) return { status: 'preparing' };
  return { status: 'ready', page: parse(data) };
}

/** `GET {liveOps}/segments/{id}/data` with the list query exactly as the URL holds it. */
export async function fetchSegmentData(
  client: ApiClient,
  segmentId: string,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<DataResult<SegmentDataPage>> {
  const data = await client.get<unknown>(LIVE_OPS_API.data(segmentId), { params: query, signal });
  return toDataResult(data, (body) => segmentDataPageSchema.parse(body));
}

export function segmentDataQueryOptions(
  client: ApiClient,
  segmentId: string,
  query: Record<string, string>,
) {
  return queryOptions({
    queryKey: segmentsKeys.dataPage(segmentId, query),
    queryFn: ({ signal }) => fetchSegmentData(client, segmentId, query, signal),
    // Keeps the current rows on screen while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
    meta: { hideErrorToast: true },
  });
}

export function useSegmentData(segmentId: string, query: Record<string, string>, enabled: boolean) {
  const client = useApiClient('liveOps');
  return useQuery({ ...segmentDataQueryOptions(client, segmentId, query), enabled });
}
