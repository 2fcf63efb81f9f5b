import { SOURCES_API, tablePreviewSchema, type TablePreview } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { sourcesKeys } from './sources-keys';

/** Rows a preview shows: enough to recognise the data, few enough to read fast. */
export const PREVIEW_ROWS = 10;

/** `GET {composer}/sources/{id}/tables/{table}/preview?limit=`: the first rows, read live. */
export async function fetchTablePreview(
  client: ApiClient,
  sourceId: string,
  table: string,
  signal?: AbortSignal,
): Promise<TablePreview> {
  const data = await client.get<unknown>(SOURCES_API.preview(sourceId, encodeURIComponent(table)), {
    params: { limit: PREVIEW_ROWS },
    signal,
  });
  return tablePreviewSchema.parse(data);
}

export function useTablePreview(sourceId: string, table: string | null) {
  const client = useApiClient('composer');
  return useQuery(
    queryOptions({
      queryKey: sourcesKeys.preview(sourceId, table ?? ''),
      queryFn: ({ signal }) => fetchTablePreview(client, sourceId, table ?? '', signal),
      enabled: table !== null,
      meta: { hideErrorToast: true },
    }),
  );
}
