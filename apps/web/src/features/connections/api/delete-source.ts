import { SOURCES_API } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/** `DELETE {composer}/sources/{id}` drops its landed tables; a 409 names what depends on it. */
export async function deleteSource(client: ApiClient, sourceId: string): Promise<void> {
  await client.delete<unknown>(SOURCES_API.source(sourceId));
}

export function useDeleteSource() {
  const client = useApiClient('composer');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<void, ApiError, string>({
    mutationFn: (sourceId) => deleteSource(client, sourceId),
    // The confirm dialog explains a refusal (and lists the dependents) itself.
    meta: { hideErrorToast: true },
    onSuccess: async (_nothing, sourceId) => {
      queryClient.removeQueries({ queryKey: sourcesKeys.ofSource(sourceId) });
      await queryClient.invalidateQueries({ queryKey: sourcesKeys.list() });
    },
  });
}
