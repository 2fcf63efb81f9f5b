import { sourceListSchema, SOURCES_API, type Source } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { isSyncActive } from '../lib/sync-status';
import { sourcesKeys } from './sources-keys';

/** How often the list is read again while one of its syncs is queued or running. */
export const SOURCES_POLL_MS = 2000;

/** `GET {composer}/sources`: the organization's data sources with their latest sync. */
export async function fetchSources(client: ApiClient, signal?: AbortSignal): Promise<Source[]> {
  const data = await client.get<unknown>(SOURCES_API.sources, { signal });
  return sourceListSchema.parse(data);
}

export function sourcesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: sourcesKeys.list(),
    queryFn: ({ signal }) => fetchSources(client, signal),
    // The page shows a failed list in place, with a retry.
    meta: { hideErrorToast: true },
    // A card's status and rows follow a running sync (docs/product.md §4: polling only where a
    // read needs it); the list stops polling once every sync has finished.
    refetchInterval: (query) =>
      query.state.data?.some((source) => isSyncActive(source.lastSync)) ? SOURCES_POLL_MS : false,
  });
}

export const useSources = () => useQuery(sourcesQueryOptions(useApiClient('composer')));
