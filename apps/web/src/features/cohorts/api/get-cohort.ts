import { cohortSchema, COHORTS_API, type Cohort } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { useRefreshOnNewSnapshot } from '../hooks/use-refresh-on-new-snapshot';
import { untilCounted } from '../lib/until-counted';
import { cohortsKeys } from './cohorts-keys';

/** `GET {liveOps}/cohorts/{id}`: one cohort with its filters and latest member count. */
export async function fetchCohort(
  client: ApiClient,
  cohortId: string,
  signal?: AbortSignal,
): Promise<Cohort> {
  const data = await client.get<unknown>(COHORTS_API.cohort(cohortId), { signal });
  return cohortSchema.parse(data);
}

export function cohortQueryOptions(client: ApiClient, cohortId: string) {
  return queryOptions({
    queryKey: cohortsKeys.detail(cohortId),
    queryFn: ({ signal }) => fetchCohort(client, cohortId, signal),
    // The page shows not-found and failures itself.
    meta: { hideErrorToast: true },
    refetchInterval: (query) => untilCounted(query.state.data ? [query.state.data] : []),
  });
}

export function useCohort(cohortId: string) {
  const client = useApiClient('liveOps');
  const query = useQuery(cohortQueryOptions(client, cohortId));
  useRefreshOnNewSnapshot(cohortId, query.data);
  return query;
}
