import { LIVE_OPS_API, segmentDataPageSchema, type SegmentRow } from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { columnCatalogueQuery, segmentDetailQuery } from '@/common/queries';
import { playsKeys } from './plays-keys';

/**
 * The record columns a template can name: the catalogue of the segment's base table. Read
 * through the segments feature's own queries (`GET segments/{id}`, then
 * `GET segments/tables/{table}/columns`, both in `common/queries`), so a saved segment
 * refreshes the editor too.
 */
export function useRecordColumns(segmentId: string | undefined) {
  const client = useApiClient('liveOps');
  const segment = useQuery({
    ...segmentDetailQuery(segmentId ?? '').options(client),
    enabled: Boolean(segmentId),
  });
  const baseTable = segment.data?.baseTable;
  const columns = useQuery({
    ...columnCatalogueQuery(baseTable ?? '').options(client),
    enabled: baseTable !== undefined,
  });
  return {
    data:
      baseTable !== undefined && columns.data ? { baseTable, columns: columns.data } : undefined,
  };
}

/**
 * One record of the segment for the editor's live template preview (`GET segments/{id}/data`,
 * one row); null while the segment is still being prepared or has no records.
 */
export function useSampleRecord(segmentId: string | undefined) {
  const client = useApiClient('liveOps');
  return useQuery({
    queryKey: playsKeys.sampleRecord(segmentId ?? ''),
    enabled: Boolean(segmentId),
    meta: { hideErrorToast: true },
    queryFn: async ({ signal }): Promise<SegmentRow | null> => {
      const data = await client.get<unknown>(LIVE_OPS_API.data(segmentId ?? ''), {
        params: { page: 1, perPage: 1 },
        signal,
      });
      const page = segmentDataPageSchema.safeParse(data);
      return page.success ? (page.data.rows[0] ?? null) : null;
    },
  });
}
