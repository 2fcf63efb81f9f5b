import { profileSchema, USER_API, type Profile } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { profileKeys } from './profile-keys';

/** `PATCH users/me/profile { displayName }` (docs/product.md §7: the profile update takes a name). */
export async function updateDisplayName(client: ApiClient, displayName: string): Promise<Profile> {
  const data = await client.patch<unknown>(USER_API.profile, { displayName });
  return profileSchema.parse(data);
}

/** Saves the name, then refetches the profile so every screen shows it (docs/product.md §7). */
export function useUpdateDisplayName() {
  const client = useApiClient('user');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<Profile, ApiError, string>({
    mutationFn: (displayName) => updateDisplayName(client, displayName),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.me(), profile);
      return queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    },
  });
}
