import { columnListSchema, LIVE_OPS_API, type SegmentColumn } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/** `GET {liveOps}/segments/tables/{table}/columns`: the columns a segment can show and filter. */
export async function fetchColumnCatalogue(
  client: ApiClient,
  table: string,
  signal?: AbortSignal,
): Promise<SegmentColumn[]> {
  const data = await client.get<unknown>(LIVE_OPS_API.columns(table), { signal });
  return columnListSchema.parse(data);
}

export function columnCatalogueQueryOptions(client: ApiClient, table: string) {
  return queryOptions({
    queryKey: segmentsKeys.columns(table),
    queryFn: ({ signal }) => fetchColumnCatalogue(client, table, signal),
    // A catalogue changes with a data load only; a page visit does not need it fresher.
    staleTime: 5 * 60_000,
  });
}

/** The catalogue of `table`; idle until the segment (and so its table) is known. */
export function useColumnCatalogue(table: string | undefined) {
  const client = useApiClient('liveOps');
  return useQuery({
    ...columnCatalogueQueryOptions(client, table ?? ''),
    enabled: table !== undefined,
  });
}
