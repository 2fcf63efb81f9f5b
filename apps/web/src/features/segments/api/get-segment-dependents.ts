import { LIVE_OPS_API, segmentDependentListSchema } from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { segmentsKeys } from './segments-keys';

/**
 * `GET {liveOps}/segments/{id}/dependents`: the cohorts, alerts and plays deleting the segment
 * would break, listed before the user confirms (ADR 0006).
 */
export function useSegmentDependents(segmentId: string) {
  const client = useApiClient('liveOps');
  return useQuery({
    queryKey: segmentsKeys.dependents(segmentId),
    queryFn: async ({ signal }) =>
      segmentDependentListSchema.parse(
        await client.get<unknown>(LIVE_OPS_API.dependents(segmentId), { signal }),
      ),
    // Asked each time the dialog opens: a cohort may have been saved since, and the list
    // decides whether Delete is offered.
    gcTime: 0,
    staleTime: 0,
    // The dialog says the check failed itself; the server's 409 still guards the delete.
    meta: { hideErrorToast: true },
  });
}
