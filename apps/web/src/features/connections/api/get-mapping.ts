import { MAPPING_API, mappingSchema, type Mapping } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/** `GET {composer}/mapping`: the draft, the published version and the latest publish run. */
export async function fetchMapping(client: ApiClient, signal?: AbortSignal): Promise<Mapping> {
  return mappingSchema.parse(await client.get<unknown>(MAPPING_API.mapping, { signal }));
}

export function useMapping() {
  const client = useApiClient('composer');
  return useQuery(
    queryOptions({
      queryKey: sourcesKeys.mapping(),
      queryFn: ({ signal }) => fetchMapping(client, signal),
      // The editor shows a failed read in place, with a retry.
      meta: { hideErrorToast: true },
      staleTime: 0,
    }),
  );
}
