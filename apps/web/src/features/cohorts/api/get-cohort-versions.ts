import { cohortVersionListSchema, COHORTS_API, type CohortVersion } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { cohortsKeys } from './cohorts-keys';

/** `GET {liveOps}/cohorts/{id}/versions`: the definition's history, newest first. */
export async function fetchCohortVersions(
  client: ApiClient,
  cohortId: string,
  signal?: AbortSignal,
): Promise<CohortVersion[]> {
  const data = await client.get<unknown>(COHORTS_API.versions(cohortId), { signal });
  return cohortVersionListSchema.parse(data);
}

export function cohortVersionsQueryOptions(client: ApiClient, cohortId: string) {
  return queryOptions({
    queryKey: cohortsKeys.versions(cohortId),
    queryFn: ({ signal }) => fetchCohortVersions(client, cohortId, signal),
    meta: { hideErrorToast: true },
  });
}

export function useCohortVersions(cohortId: string) {
  const client = useApiClient('liveOps');
  return useQuery(cohortVersionsQueryOptions(client, cohortId));
}
