import { discoveredTableListSchema, SOURCES_API, type DiscoveredTable } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/**
 * `GET {composer}/sources/{id}/tables`: tables, sheet tabs, Redash queries or the CSV file,
 * with columns and a row estimate.
 */
export async function fetchSourceTables(
  client: ApiClient,
  sourceId: string,
  signal?: AbortSignal,
): Promise<DiscoveredTable[]> {
  const data = await client.get<unknown>(SOURCES_API.tables(sourceId), { signal });
  return discoveredTableListSchema.parse(data);
}

export function sourceTablesQueryOptions(client: ApiClient, sourceId: string) {
  return queryOptions({
    queryKey: sourcesKeys.tables(sourceId),
    queryFn: ({ signal }) => fetchSourceTables(client, sourceId, signal),
    // The step shows the source's own reason (422) in place.
    meta: { hideErrorToast: true },
  });
}

export function useSourceTables(sourceId: string, isEnabled = true) {
  const client = useApiClient('composer');
  return useQuery({ ...sourceTablesQueryOptions(client, sourceId), enabled: isEnabled });
}
