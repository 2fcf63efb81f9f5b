import { profileSchema, USER_API, type Profile } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { profileKeys } from './profile-keys';

/** `GET {services.user}/users/me` (docs/product.md §7), checked against the shared profile schema. */
export async function fetchProfile(client: ApiClient, signal?: AbortSignal): Promise<Profile> {
  const data = await client.get<unknown>(USER_API.me, { signal });
  return profileSchema.parse(data);
}

export function profileQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => fetchProfile(client, signal),
    // docs/product.md §4: the profile never goes stale; edits refetch it explicitly.
    staleTime: Infinity,
  });
}

/** The signed-in (or impersonated) user's profile. */
export function useProfile() {
  const client = useApiClient('user');
  return useQuery(profileQueryOptions(client));
}
