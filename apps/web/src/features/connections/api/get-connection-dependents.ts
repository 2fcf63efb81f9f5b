import {
  cohortDependentSchema,
  CONNECTIONS_API,
  type CohortDependent,
  type ConnectionProvider,
} from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { connectionsKeys } from './get-connections';

// The server answers this route with the cohorts' dependent shape: an alert or a play, by name.
const connectionDependentListSchema = cohortDependentSchema.array();

/**
 * `GET {composer}/connections/{provider}/dependents`: the alerts and plays that send through
 * the connection, listed before a disconnect (ADR 0006); a disconnect stays allowed.
 */
export function connectionDependentsQueryOptions(client: ApiClient, provider: ConnectionProvider) {
  return queryOptions({
    queryKey: connectionsKeys.dependents(provider),
    queryFn: async ({ signal }): Promise<CohortDependent[]> =>
      connectionDependentListSchema.parse(
        await client.get<unknown>(CONNECTIONS_API.dependents(provider), { signal }),
      ),
    // Asked each time the dialog opens: alerts and plays change between two disconnects.
    gcTime: 0,
    staleTime: 0,
    // The dialog says the check failed itself.
    meta: { hideErrorToast: true },
  });
}

export const useConnectionDependents = (provider: ConnectionProvider) =>
  useQuery(connectionDependentsQueryOptions(useApiClient('composer'), provider));
