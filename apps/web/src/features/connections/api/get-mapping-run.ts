import { MAPPING_API, mappingRunSchema, type MappingRun } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { isSyncActive } from '../lib/sync-status';
import { sourcesKeys } from './sources-keys';

/** How often a publish run is read again while it is queued or running. */
export const MAPPING_RUN_POLL_MS = 1000;

/** `GET {composer}/mapping/runs/{id}`: status, rows written, error. */
export async function fetchMappingRun(
  client: ApiClient,
  runId: string,
  signal?: AbortSignal,
): Promise<MappingRun> {
  return mappingRunSchema.parse(await client.get<unknown>(MAPPING_API.run(runId), { signal }));
}

export function useMappingRun(runId: string | null) {
  const client = useApiClient('composer');
  return useQuery(
    queryOptions({
      queryKey: sourcesKeys.mappingRun(runId ?? ''),
      queryFn: ({ signal }) => fetchMappingRun(client, runId ?? '', signal),
      enabled: runId !== null,
      meta: { hideErrorToast: true },
      // Polled until the run has finished (docs/product.md §4: polling only where a read needs it).
      refetchInterval: (query) =>
        !query.state.data || isSyncActive(query.state.data) ? MAPPING_RUN_POLL_MS : false,
      staleTime: 0,
    }),
  );
}
