import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { profileKeys } from '../api/profile-keys';
import { updatePhoto } from '../api/update-photo';
import { uploadPhotoFile } from '../api/upload-photo-file';

/**
 * Stores the image with the content service, then points the profile at its thumbnail
 * (the full image when there is none). The sidebar reads the refreshed profile.
 */
export function useUploadPhoto() {
  const contentClient = useApiClient('content');
  const userClient = useApiClient('user');
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState(0);
  const mutation = useSingleFlightMutation<void, ApiError, File>({
    mutationFn: async (file) => {
      setPercent(0);
      const stored = await uploadPhotoFile(contentClient, file, setPercent);
      const profile = await updatePhoto(userClient, stored.thumbnailUrl || stored.url);
      queryClient.setQueryData(profileKeys.me(), profile);
    },
    // The upload field shows 413/415 and other failures next to itself.
    meta: { hideErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
  });
  return { ...mutation, percent };
}
