import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { segmentDetailQuery } from '@/common/queries';

/** `GET {liveOps}/segments/{id}` (one query, `common/queries`, shared with the play editor). */
export function useSegmentDetail(segmentId: string) {
  const query = segmentDetailQuery(segmentId);
  return useQuery({
    ...query.options(useApiClient(query.service)),
    // The page shows not-found and failures itself.
    meta: { hideErrorToast: true },
  });
}
