import {
  connectionListSchema,
  CONNECTIONS_API,
  type Connection,
  type ConnectionProvider,
} from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';

/** How often the cards are read again while a CRM syncs. */
export const CONNECTIONS_POLL_MS = 2000;

export const connectionsKeys = {
  all: ['connections'] as const,
  list: () => [...connectionsKeys.all, 'list'] as const,
  /** The alerts and plays that send through a provider (ADR 0006, before a disconnect). */
  dependents: (provider: ConnectionProvider) =>
    [...connectionsKeys.all, 'dependents', provider] as const,
  /** What a sandbox provider received from this organization (ADR 0021). */
  sandboxReceived: (provider: ConnectionProvider) =>
    [...connectionsKeys.all, 'sandbox-received', provider] as const,
};

/** `GET {composer}/connections`: every provider with its status (docs/architecture.md §6). */
export async function fetchConnections(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<Connection[]> {
  return connectionListSchema.parse(await client.get<unknown>(CONNECTIONS_API.list, { signal }));
}

export function connectionsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: connectionsKeys.list(),
    queryFn: ({ signal }) => fetchConnections(client, signal),
    // A card follows its sync until the run ends (docs/product.md §4: polling only where needed).
    refetchInterval: (query) =>
      query.state.data?.some((connection) => connection.status === 'syncing')
        ? CONNECTIONS_POLL_MS
        : false,
  });
}

export const useConnections = () => useQuery(connectionsQueryOptions(useApiClient('composer')));
