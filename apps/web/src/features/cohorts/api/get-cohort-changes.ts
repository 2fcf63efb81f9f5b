import {
  cohortChangesSchema,
  COHORTS_API,
  type CohortChangeKind,
  type CohortChanges,
} from '@revlane/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { cohortsKeys } from './cohorts-keys';

/** Records per page of an Entered or Left list. */
export const CHANGES_PER_PAGE = 50;

/** Which list, since when, and which page of it. */
export interface ChangesRequest {
  since: string;
  change: CohortChangeKind;
  page: number;
}

/**
 * `GET {liveOps}/cohorts/{id}/changes?since=&change=&page=&limit=`: one page of who entered
 * (or left) since a day; the other list comes back with its total only.
 */
export async function fetchCohortChanges(
  client: ApiClient,
  cohortId: string,
  request: ChangesRequest,
  signal?: AbortSignal,
): Promise<CohortChanges> {
  const data = await client.get<unknown>(COHORTS_API.changes(cohortId), {
    params: { ...request, limit: CHANGES_PER_PAGE },
    signal,
  });
  return cohortChangesSchema.parse(data);
}

export function cohortChangesQueryOptions(
  client: ApiClient,
  cohortId: string,
  request: ChangesRequest,
) {
  return queryOptions({
    queryKey: cohortsKeys.changes(cohortId, request),
    queryFn: ({ signal }) => fetchCohortChanges(client, cohortId, request, signal),
    meta: { hideErrorToast: true },
    // Another day or page keeps the old list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCohortChanges(cohortId: string, request: ChangesRequest) {
  const client = useApiClient('liveOps');
  return useQuery(cohortChangesQueryOptions(client, cohortId, request));
}
