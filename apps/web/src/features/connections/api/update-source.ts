import { sourceSchema, SOURCES_API, type Source, type UpdateSourceBody } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/** `PATCH {composer}/sources/{id}`: a secret left out of `config` keeps its value. */
export async function updateSource(
  client: ApiClient,
  sourceId: string,
  body: UpdateSourceBody,
): Promise<Source> {
  return sourceSchema.parse(await client.patch<unknown>(SOURCES_API.source(sourceId), body));
}

export function useUpdateSource(sourceId: string) {
  const client = useApiClient('composer');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<Source, ApiError, UpdateSourceBody>({
    mutationFn: (body) => updateSource(client, sourceId, body),
    meta: { hideErrorToast: true },
    onSuccess: async () => {
      // A changed config may offer other tables.
      queryClient.removeQueries({ queryKey: sourcesKeys.ofSource(sourceId) });
      await queryClient.invalidateQueries({ queryKey: sourcesKeys.list() });
    },
  });
}
