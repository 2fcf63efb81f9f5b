import { SOURCES_API, syncStartedSchema } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/** `POST {composer}/sources/{id}/syncs` → 202 `{ id }` (the run already queued, if any). */
export async function startSync(client: ApiClient, sourceId: string): Promise<string> {
  return syncStartedSchema.parse(await client.post<unknown>(SOURCES_API.sourceSyncs(sourceId))).id;
}

export function useStartSync() {
  const client = useApiClient('composer');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<string, ApiError, string>({
    mutationFn: (sourceId) => startSync(client, sourceId),
    // The card turns "queued" and the list polls until the run ends.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKeys.list() }),
  });
}
