import {
  authorizeResponseSchema,
  CONNECTIONS_API,
  type ConnectionProvider,
} from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiError, useSingleFlightMutation } from '@/common/api';
import { connectionsKeys } from './get-connections';
import { sourcesKeys } from './sources-keys';

/**
 * Starts an authorization (`POST connections/{p}`, or Intercom's write access) and sends the
 * browser to the provider's consent page; the callback brings it back to /app/connections.
 */
export function useAuthorize() {
  const client = useApiClient('composer');
  return useSingleFlightMutation<
    string,
    ApiError,
    { provider: ConnectionProvider; writeAccess?: boolean }
  >({
    mutationFn: async ({ provider, writeAccess }) =>
      authorizeResponseSchema.parse(
        await client.post<unknown>(
          writeAccess ? CONNECTIONS_API.intercomWriteAccess : CONNECTIONS_API.one(provider),
        ),
      ).authorizeUrl,
    onSuccess: (authorizeUrl) => window.location.assign(authorizeUrl),
  });
}

/** "Sync now": a run of the CRM's source; the card shows Syncing until it ends. */
export function useSyncConnection() {
  const client = useApiClient('composer');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<unknown, ApiError, ConnectionProvider>({
    mutationFn: (provider) => client.post<unknown>(CONNECTIONS_API.syncs(provider)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: connectionsKeys.list() });
      await queryClient.invalidateQueries({ queryKey: sourcesKeys.list() });
    },
  });
}

/** `DELETE connections/{p}`: revoked at the provider, tokens forgotten, landed data kept. */
export function useDisconnect() {
  const client = useApiClient('composer');
  const queryClient = useQueryClient();
  return useSingleFlightMutation<unknown, ApiError, ConnectionProvider>({
    mutationFn: (provider) => client.delete<unknown>(CONNECTIONS_API.one(provider)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsKeys.list() }),
  });
}
