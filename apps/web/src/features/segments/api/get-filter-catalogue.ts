import { filterCatalogueSchema, LIVE_OPS_API, type FilterCatalogue } from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/** `GET {liveOps}/segments/filters`: every operator with its help, and which fit each type. */
export function useFilterCatalogue() {
  const client = useApiClient('liveOps');
  return useQuery({
    queryKey: segmentsKeys.filterCatalogue(),
    queryFn: async ({ signal }): Promise<FilterCatalogue> =>
      filterCatalogueSchema.parse(await client.get<unknown>(LIVE_OPS_API.filters, { signal })),
    // The operators change with a release of the server only.
    staleTime: Infinity,
  });
}
