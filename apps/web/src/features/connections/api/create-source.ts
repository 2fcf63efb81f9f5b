import { sourceSchema, SOURCES_API, type CreateSourceBody, type Source } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/** `POST {composer}/sources`: 201 with the source; its secrets are never answered. */
export async function createSource(client: ApiClient, body: CreateSourceBody): Promise<Source> {
  return sourceSchema.parse(await client.post<unknown>(SOURCES_API.sources, body));
}

export function useCreateSource() {
  const client = useApiClient('composer');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<Source, ApiError, CreateSourceBody>({
    mutationFn: (body) => createSource(client, body),
    // The wizard shows the refusal next to the fields it names.
    meta: { hideErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKeys.list() }),
  });
}
