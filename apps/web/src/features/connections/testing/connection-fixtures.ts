import { CONNECTION_PROVIDERS, type Connection, type ConnectionProvider } from '@revlane/contracts';

/** A provider as `GET connections` answers it: not connected, in the sandbox, unless told. */
export function makeConnection(
  provider: ConnectionProvider,
  overrides: Partial<Connection> = {},
): Connection {
  return {
    provider,
    status: 'not_connected',
    account: null,
    access: null,
    connectedAt: null,
    lastSyncAt: null,
    lastError: null,
    sandbox: true,
    available: true,
    sourceId: null,
    ...overrides,
  };
}

/** Every provider, with some replaced. */
export const connectionList = (...replaced: Connection[]) =>
  CONNECTION_PROVIDERS.map(
    (provider) => replaced.find((c) => c.provider === provider) ?? makeConnection(provider),
  );
