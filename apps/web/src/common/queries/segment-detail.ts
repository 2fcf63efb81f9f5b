import { LIVE_OPS_API, segmentDetailSchema } from '@revlane/contracts';
import { defineGetQuery } from '@/common/api';
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
