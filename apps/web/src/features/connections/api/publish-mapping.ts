import {
  MAPPING_API,
  mappingSchema,
  syncStartedSchema,
  type MappingBody,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/**
 * `PUT {composer}/mapping` (the draft) then `POST {composer}/mapping/publish` → the run's id:
 * publishing always publishes what the editor shows.
 */
export async function saveAndPublishMapping(client: ApiClient, body: MappingBody): Promise<string> {
  mappingSchema.parse(await client.put<unknown>(MAPPING_API.mapping, body));
  return syncStartedSchema.parse(await client.post<unknown>(MAPPING_API.publish)).id;
}

export function usePublishMapping() {
  const client = useApiClient('composer');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<string, ApiError, MappingBody>({
    mutationFn: (body) => saveAndPublishMapping(client, body),
    // The editor puts a refusal next to the fields it names.
    meta: { hideErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKeys.mapping() }),
  });
}
