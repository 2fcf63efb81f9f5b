import { SOURCES_API, syncSchema, type Sync } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { isSyncActive } from '../lib/sync-status';
import { sourcesKeys } from './sources-keys';

/** How often a running sync is read again for its live progress (rows so far). */
export const SYNC_POLL_MS = 1000;

/** `GET {composer}/syncs/{id}`: status, rows read and written so far, per-table report. */
export async function fetchSync(
  client: ApiClient,
  syncId: string,
  signal?: AbortSignal,
): Promise<Sync> {
  return syncSchema.parse(await client.get<unknown>(SOURCES_API.sync(syncId), { signal }));
}

export function useSync(syncId: string) {
  const client = useApiClient('composer');
  return useQuery(
    queryOptions({
      queryKey: sourcesKeys.sync(syncId),
      queryFn: ({ signal }) => fetchSync(client, syncId, signal),
      meta: { hideErrorToast: true },
      // Polled until the run has finished one way or another (docs/product.md §4 overrides).
      refetchInterval: (query) =>
        !query.state.data || isSyncActive(query.state.data) ? SYNC_POLL_MS : false,
      staleTime: 0,
    }),
  );
}
