import { cohortSchema, COHORTS_API, type Cohort, type CreateCohortBody } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { cohortsKeys } from './cohorts-keys';

/** `POST {liveOps}/segments/{segmentId}/cohorts`; a taken name is a 409. */
export async function createCohort(
  client: ApiClient,
  segmentId: string,
  body: CreateCohortBody,
): Promise<Cohort> {
  const data = await client.post<unknown>(COHORTS_API.segmentCohorts(segmentId), body);
  return cohortSchema.parse(data);
}

export function useCreateCohort(segmentId: string) {
  const client = useApiClient('liveOps');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<Cohort, ApiError, CreateCohortBody>({
    mutationFn: (body) => createCohort(client, segmentId, body),
    // The dialog shows the server's message (e.g. the name is taken) above its field.
    meta: { hideErrorToast: true },
    onSuccess: async (cohort) => {
      queryClient.setQueryData(cohortsKeys.detail(cohort.id), cohort);
      await queryClient.invalidateQueries({ queryKey: cohortsKeys.list(segmentId) });
    },
  });
}
