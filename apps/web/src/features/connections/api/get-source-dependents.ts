import { sourceDependentSchema, SOURCES_API, type SourceDependentView } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { sourcesKeys } from './sources-keys';

const sourceDependentListSchema = sourceDependentSchema.array();

/**
 * `GET {composer}/sources/{id}/dependents`: the mapping, cohorts, alerts and plays deleting the
 * source would break, listed before the user confirms (ADR 0006).
 */
export function sourceDependentsQueryOptions(client: ApiClient, sourceId: string) {
  return queryOptions({
    queryKey: sourcesKeys.dependents(sourceId),
    queryFn: async ({ signal }): Promise<SourceDependentView[]> =>
      sourceDependentListSchema.parse(
        await client.get<unknown>(SOURCES_API.dependents(sourceId), { signal }),
      ),
    // Asked each time the dialog opens (nothing kept once it closes): a cohort or alert over the
    // source may have been made since, and the list decides whether Delete is offered.
    gcTime: 0,
    staleTime: 0,
    // The dialog says the check failed itself; the server's 409 still guards the delete.
    meta: { hideErrorToast: true },
  });
}

export const useSourceDependents = (sourceId: string) =>
  useQuery(sourceDependentsQueryOptions(useApiClient('composer'), sourceId));
