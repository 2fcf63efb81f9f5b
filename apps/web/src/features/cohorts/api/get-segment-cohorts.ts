import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { segmentCohortsQuery } from '@/common/queries';
import { sortCohorts } from '../lib/sort-cohorts';
import { untilCounted } from '../lib/until-counted';

/**
 * `GET {liveOps}/segments/{segmentId}/cohorts`, favorites first: the one query of the list
 * (`common/queries`), which the plays and alerts forms read too.
 */
export function useSegmentCohorts(segmentId: string) {
  const query = segmentCohortsQuery(segmentId);
  return useQuery({
    ...query.options(useApiClient(query.service)),
    select: sortCohorts,
    // The list shows its own error with a retry.
    meta: { hideErrorToast: true },
    refetchInterval: (query) => untilCounted(query.state.data ?? []),
  });
}
