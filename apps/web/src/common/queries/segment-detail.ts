import { LIVE_OPS_API, segmentDetailSchema, type BaseTable } from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { defineGetQuery, useApiClient } from '@/common/api';
import { sharedKeys } from './shared-keys';

/**
 * `GET {liveOps}/segments/{id}`: the segment with its settings and readiness. Owned by the
 * segments feature; the play editor reads its base table from it.
 */
export const segmentDetailQuery = (segmentId: string) =>
  defineGetQuery({
    service: 'liveOps',
    path: LIVE_OPS_API.segment(segmentId),
    schema: segmentDetailSchema,
    queryKey: sharedKeys.segment(segmentId),
  });

/**
 * Whose records a segment holds (accounts or users), for pages that link a record to its page
 * (an alert's firings, a play's runs); undefined while it loads or when it cannot be read.
 */
export function useSegmentBaseTable(segmentId: string | undefined): BaseTable | undefined {
  const query = segmentDetailQuery(segmentId ?? '');
  return useQuery({
    ...query.options(useApiClient(query.service)),
    enabled: Boolean(segmentId),
    // The records stay listed without links: no toast for this side read.
    meta: { hideErrorToast: true },
  }).data?.baseTable;
}
