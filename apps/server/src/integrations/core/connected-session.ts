import { CONNECTION_LABELS, type ConnectionProvider } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import { ConnectionSession } from './connection-session.js';
import { findConnection } from './connections.repository.js';
import { ConnectorError } from './connector.js';

export type SessionApp = Pick<FastifyInstance, 'db' | 'secrets' | 'config'>;

/** The organization's live session with a provider, for the senders of one run. */
export type OpenSession = (
  orgId: string,
  provider: ConnectionProvider,
) => Promise<ConnectionSession>;

/**
 * Opens the organization's connection to a provider once per run (ADR 0024): its tokens are
 * refreshed by the session when they near expiry. Not connected, or waiting for a reconnect,
 * is a permanent failure of the action (nothing is sent); the failure is not remembered, so a
 * later run sees a new connection.
 */
export function sessionsOfRun(app: SessionApp): OpenSession {
  const open = new Map<string, Promise<ConnectionSession>>();
  return (orgId, provider) => {
    const key = `${orgId}:${provider}`;
    let session = open.get(key);
    if (!session) {
      session = (async () => {
        const record = await findConnection(app.db, orgId, provider);
        if (!record?.sealedTokens || record.status !== 'connected')
          throw new ConnectorError(
            'authentication',
            `${CONNECTION_LABELS[provider]} is not connected: connect it on the Connections page.`,
          );
        return new ConnectionSession(app, record, app.config.connections[provider]);
      })();
      session.catch(() => open.delete(key));
      open.set(key, session);
    }
    return session;
  };
}

/**
 * Runs `work` with a fresh access token; a 401 (the provider forgot a token we thought alive)
 * renews it once and tries again.
 */
export async function withAccessToken<T>(
  session: ConnectionSession,
  work: (accessToken: string) => Promise<T>,
): Promise<T> {
  try {
    return await work((await session.current()).accessToken);
  } catch (error) {
    const failure = error as { code?: unknown; status?: unknown };
    if (failure.code !== 401 && failure.status !== 401) throw error;
    await session.renew();
    return work(session.stored.accessToken);
  }
}
