import { cohortListSchema, COHORTS_API } from '@revlane/contracts';
import { useQuery } from '@tanstack/react-query';
import { defineGetQuery, useApiClient } from '@/common/api';
import { sharedKeys } from './shared-keys';

/**
 * `GET {liveOps}/segments/{segmentId}/cohorts`: the segment's cohorts, in the server's order.
 * Owned by the cohorts feature; the plays and alerts forms offer them as choices.
 */
export const segmentCohortsQuery = (segmentId: string) =>
  defineGetQuery({
    service: 'liveOps',
    path: COHORTS_API.segmentCohorts(segmentId),
    schema: cohortListSchema,
    queryKey: sharedKeys.segmentCohorts(segmentId),
  });

/** The cohorts a form offers once a segment is chosen (none chosen: no read). */
export function useCohortChoices(segmentId: string | undefined) {
  const query = segmentCohortsQuery(segmentId ?? '');
  return useQuery({ ...query.options(useApiClient(query.service)), enabled: Boolean(segmentId) });
}
