import { COHORTS_API, favoriteCohortListSchema, type FavoriteCohort } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { cohortsKeys } from './cohorts-keys';

/** `GET {liveOps}/cohorts/favorites`: the user's starred cohorts with 30 days of counts. */
export async function fetchFavoriteCohorts(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<FavoriteCohort[]> {
  const data = await client.get<unknown>(COHORTS_API.favorites, { signal });
  return favoriteCohortListSchema.parse(data);
}

export function favoriteCohortsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: cohortsKeys.favorites(),
    queryFn: ({ signal }) => fetchFavoriteCohorts(client, signal),
    // The home panel shows its own error; home stays usable without it.
    meta: { hideErrorToast: true },
  });
}

export function useFavoriteCohorts() {
  const client = useApiClient('liveOps');
  return useQuery(favoriteCohortsQueryOptions(client));
}
