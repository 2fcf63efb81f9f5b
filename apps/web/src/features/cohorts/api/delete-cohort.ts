import { COHORTS_API } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { cohortsKeys } from './cohorts-keys';

/** `DELETE {liveOps}/segments/{segmentId}/cohorts/{id}`; a 409 names what depends on it. */
export async function deleteCohort(
  client: ApiClient,
  segmentId: string,
  cohortId: string,
): Promise<void> {
  await client.delete<unknown>(COHORTS_API.segmentCohort(segmentId, cohortId));
}

export function useDeleteCohort(segmentId: string) {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<void, ApiError, string>({
    mutationFn: (cohortId) => deleteCohort(client, segmentId, cohortId),
    // The confirm dialog explains a refusal (and lists the dependents) itself.
    meta: { hideErrorToast: true },
    onSuccess: async (_nothing, cohortId) => {
      queryClient.removeQueries({ queryKey: cohortsKeys.detail(cohortId) });
      queryClient.removeQueries({ queryKey: cohortsKeys.ofCohort(cohortId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cohortsKeys.list(segmentId) }),
        queryClient.invalidateQueries({ queryKey: cohortsKeys.favorites() }),
      ]);
    },
  });
}
