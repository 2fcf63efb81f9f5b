import { profileSchema, USER_API, type Profile } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { profileKeys } from './profile-keys';

/** `PATCH users/me { photo }`: the stored image's URL, or null to remove the photo. */
export async function updatePhoto(client: ApiClient, photo: string | null): Promise<Profile> {
  const data = await client.patch<unknown>(USER_API.me, { photo });
  return profileSchema.parse(data);
}

export function useUpdatePhoto() {
  const client = useApiClient('user');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<Profile, ApiError, string | null>({
    mutationFn: (photo) => updatePhoto(client, photo),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.me(), profile);
      return queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    },
  });
}
