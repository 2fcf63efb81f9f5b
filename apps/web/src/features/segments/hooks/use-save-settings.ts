import type { UpdateSegmentBody } from '@revlane/contracts';
import toast from 'react-hot-toast';
import { toApiError, type ApiError } from '@/common/api';
import { useUpdateSegment } from '../api/update-segment';

/** Saves one settings tab; the caller shows the server's field errors beside its fields. */
export function useSaveSettings(segmentId: string) {
  const mutation = useUpdateSegment(segmentId);
  const save = (changes: UpdateSegmentBody, onError?: (error: ApiError) => void) =>
    mutation.mutate(changes, {
      onSuccess: () => void toast.success('Settings saved', { id: 'segment-settings-saved' }),
      onError: (error) => onError?.(toApiError(error)),
    });
  return {
    save,
    isSaving: mutation.isPending,
    error: mutation.error ? toApiError(mutation.error) : null,
  };
}
