import { SOURCES_API, syncSchema, type Sync } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/** `DELETE {composer}/syncs/{id}` cancels a queued or running sync; the previous data stays. */
export async function cancelSync(client: ApiClient, syncId: string): Promise<Sync> {
  return syncSchema.parse(await client.delete<unknown>(SOURCES_API.sync(syncId)));
}

export function useCancelSync() {
  const client = useApiClient('composer');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<Sync, ApiError, string>({
    mutationFn: (syncId) => cancelSync(client, syncId),
    // The card shows the run "Cancelled" once the list is read again.
    onSuccess: async (sync) => {
      queryClient.setQueryData(sourcesKeys.sync(sync.id), sync);
      await queryClient.invalidateQueries({ queryKey: sourcesKeys.list() });
    },
  });
}
