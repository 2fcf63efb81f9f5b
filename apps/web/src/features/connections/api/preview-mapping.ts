import {
  MAPPING_API,
  mappingPreviewSchema,
  type MappingBody,
  type MappingPreview,
} from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/** `POST {composer}/mapping/preview`: the first mapped rows and the match statistics. */
export async function previewMapping(
  client: ApiClient,
  body: MappingBody,
  signal?: AbortSignal,
): Promise<MappingPreview> {
  return mappingPreviewSchema.parse(
    await client.post<unknown>(MAPPING_API.preview, body, { signal }),
  );
}

/**
 * The live preview of the mapping being edited: read again whenever the (debounced) mapping
 * changes; a POST that changes nothing, so it is a query keyed by the mapping itself.
 */
export function useMappingPreview(body: MappingBody | null) {
  const client = useApiClient('composer');
  return useQuery(
    queryOptions({
      queryKey: [...sourcesKeys.mapping(), 'preview', body] as const,
      queryFn: ({ signal }) => previewMapping(client, body!, signal),
      enabled: body !== null,
      // A refusal is shown next to the fields it names, not as a toast.
      meta: { hideErrorToast: true },
      placeholderData: (previous) => previous,
    }),
  );
}
