import { cohortChangesSchema, COHORTS_API, type CohortChanges } from '@revlane/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { cohortsKeys } from './cohorts-keys';

/** `GET {liveOps}/cohorts/{id}/changes?since=`: who entered and who left since a day. */
export async function fetchCohortChanges(
  client: ApiClient,
  cohortId: string,
  since: string,
  signal?: AbortSignal,
): Promise<CohortChanges> {
  const data = await client.get<unknown>(COHORTS_API.changes(cohortId), {
    params: { since },
    signal,
  });
  return cohortChangesSchema.parse(data);
}

export function cohortChangesQueryOptions(client: ApiClient, cohortId: string, since: string) {
  return queryOptions({
    queryKey: cohortsKeys.changes(cohortId, since),
    queryFn: ({ signal }) => fetchCohortChanges(client, cohortId, since, signal),
    meta: { hideErrorToast: true },
    // Picking another day keeps the old lists on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useCohortChanges(cohortId: string, since: string) {
  const client = useApiClient('liveOps');
  return useQuery(cohortChangesQueryOptions(client, cohortId, since));
}
