import { MAPPING_API, mappingSchema, type MappingRun } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/** How often the run is read again while it is queued or running. */
export const PUBLISH_RUN_POLL_MS = 3000;

const isActive = (run: MappingRun | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** `GET {composer}/mapping`, its latest publish run only: is the data about to change? */
export async function fetchPublishRun(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<MappingRun | null> {
  return mappingSchema.parse(await client.get<unknown>(MAPPING_API.mapping, { signal })).latestRun;
}

export function usePublishRun() {
  const client = useApiClient('composer');
  return useQuery(
    queryOptions({
      queryKey: segmentsKeys.publishRun(),
      queryFn: ({ signal }) => fetchPublishRun(client, signal),
      // Only a banner depends on it: a failed read shows nothing.
      meta: { hideErrorToast: true },
      staleTime: 0,
      // Polled only while a publish runs (docs/product.md §4: polling only where a read needs it).
      refetchInterval: (query) => (isActive(query.state.data) ? PUBLISH_RUN_POLL_MS : false),
    }),
  );
}

export { isActive as isPublishRunActive };
