import { cohortSchema, COHORTS_API, type Cohort, type UpdateCohortBody } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { sortCohorts } from '../lib/sort-cohorts';
import { cohortsKeys } from './cohorts-keys';

/** `PATCH {liveOps}/segments/{segmentId}/cohorts/{id}`: rename, new filters, star or unstar. */
export async function updateCohort(
  client: ApiClient,
  segmentId: string,
  cohortId: string,
  changes: UpdateCohortBody,
): Promise<Cohort> {
  const data = await client.patch<unknown>(COHORTS_API.segmentCohort(segmentId, cohortId), changes);
  return cohortSchema.parse(data);
}

interface UpdateCohortVariables {
  cohortId: string;
  changes: UpdateCohortBody;
}

/**
 * Saves a change of one cohort. The answer replaces the cohort in the list (re-sorted, so a
 * new star moves it up) and in its detail; history and favorites are read again.
 */
export function useUpdateCohort(segmentId: string, { showErrorToast = true } = {}) {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<Cohort, ApiError, UpdateCohortVariables>({
    mutationFn: ({ cohortId, changes }) => updateCohort(client, segmentId, cohortId, changes),
    meta: { hideErrorToast: !showErrorToast },
    onSuccess: async (cohort) => {
      queryClient.setQueryData<Cohort[]>(
        cohortsKeys.list(segmentId),
        (list) => list && sortCohorts(list.map((item) => (item.id === cohort.id ? cohort : item))),
      );
      queryClient.setQueryData(cohortsKeys.detail(cohort.id), cohort);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cohortsKeys.versions(cohort.id) }),
        queryClient.invalidateQueries({ queryKey: cohortsKeys.favorites() }),
      ]);
    },
  });
}
