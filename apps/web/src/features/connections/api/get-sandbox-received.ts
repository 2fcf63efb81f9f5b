import type { ConnectionProvider } from '@revlane/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@/common/api';
import { isRecord } from '@/common/lib/is-record';
import { connectionsKeys } from './get-connections';

/** One call a sandbox provider received: a Slack message, a CRM task, a revoke… */
export interface SandboxReceived {
  kind: string;
  at: string;
  body: unknown;
}

/** At the app's root, outside every service (ADR 0021): the fakes are mounted there. */
export const sandboxReceivedPath = (provider: ConnectionProvider) => `sandbox/${provider}/received`;

function parseReceived(answer: unknown): SandboxReceived[] {
  if (!Array.isArray(answer)) throw new Error('The sandbox did not answer with a list.');
  return answer.map((entry) => {
    if (!isRecord(entry) || typeof entry.kind !== 'string' || typeof entry.at !== 'string')
      throw new Error('The sandbox answered an entry without its kind and time.');
    return { kind: entry.kind, at: entry.at, body: entry.body };
  });
}

/**
 * `GET /sandbox/{provider}/received` with the signed-in user's token: what the fake received
 * under this organization's authorization, oldest first (ADR 0021). A plain array, so it is
 * read through the `app` client's `http` rather than unwrapped as an envelope.
 */
export async function fetchSandboxReceived(
  client: ApiClient,
  provider: ConnectionProvider,
  signal?: AbortSignal,
): Promise<SandboxReceived[]> {
  const { data } = await client.http.get<unknown>(sandboxReceivedPath(provider), { signal });
  return parseReceived(data);
}

export function sandboxReceivedQueryOptions(client: ApiClient, provider: ConnectionProvider) {
  return queryOptions({
    queryKey: connectionsKeys.sandboxReceived(provider),
    queryFn: ({ signal }) => fetchSandboxReceived(client, provider, signal),
    // Every send adds to it: read again each time the drawer opens.
    staleTime: 0,
    // The drawer shows a failed read in place, with a retry.
    meta: { hideErrorToast: true },
  });
}

export const useSandboxReceived = (provider: ConnectionProvider, isEnabled: boolean) =>
  useQuery({
    ...sandboxReceivedQueryOptions(useApiClient('app'), provider),
    enabled: isEnabled,
  });
