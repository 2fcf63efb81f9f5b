import {
  CONNECTION_LABELS,
  CONNECTION_PROVIDERS,
  CRM_PROVIDERS,
  type Connection,
  type ConnectionProvider,
  type CrmProvider,
  type Sync,
} from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import { conflict, notFound } from '../../../platform/errors/http-error.js';
import { toSync, latestSyncsOf, queueSync } from '../../../ingestion/index.js';
import { lastSucceededSyncs } from './connection-syncs.js';
import { withCurrentCrmTables } from './crm-source.js';
import { toConnection } from './connection-response.js';
import {
  ConnectionSession,
  findConnection,
  listConnectionRows,
  updateConnection,
  OAUTH_PROVIDERS,
} from '../../../integrations/index.js';

export type Composer = Pick<FastifyInstance, 'db' | 'secrets' | 'config' | 'jobs' | 'log'>;

export const isCrm = (provider: ConnectionProvider): provider is CrmProvider =>
  (CRM_PROVIDERS as readonly string[]).includes(provider);

/** One entry per provider, connected or not (docs/architecture.md §6, Connections). */
export async function getConnections(app: Composer, auth: AuthContext): Promise<Connection[]> {
  const rows = new Map((await listConnectionRows(app.db, auth.org.id)).map((r) => [r.provider, r]));
  const latest = await latestSyncsOf(app.db, auth.org.id);
  const succeeded = await lastSucceededSyncs(app.db, auth.org.id);
  return CONNECTION_PROVIDERS.map((provider) => {
    const row = rows.get(provider);
    const sourceId = row?.sourceId ?? '';
    return toConnection(
      provider,
      app.config.connections[provider],
      row,
      latest.get(sourceId),
      succeeded.get(sourceId) ?? null,
    );
  });
}

export async function getConnection(
  app: Composer,
  auth: AuthContext,
  provider: ConnectionProvider,
) {
  const all = await getConnections(app, auth);
  return all.find((connection) => connection.provider === provider)!;
}

/**
 * Forgets the tokens after revoking them at the provider where it can (a failed revoke is
 * logged, never a reason to keep tokens the user wants gone). Landed data stays.
 */
export async function disconnect(app: Composer, auth: AuthContext, provider: ConnectionProvider) {
  const row = await findConnection(app.db, auth.org.id, provider);
  if (row?.sealedTokens) {
    const settings = app.config.connections[provider];
    const session = new ConnectionSession(app, row, settings);
    await OAUTH_PROVIDERS[provider]
      ?.revoke?.(settings, await session.current().catch(() => session.stored), row.instanceUrl)
      .catch((error: unknown) =>
        app.log.warn({ provider, error: (error as Error).name }, 'revoke failed'),
      );
  }
  if (row)
    await updateConnection(app.db, auth.org.id, provider, {
      status: 'not_connected',
      sealedTokens: null,
      expiresAt: null,
      account: null,
      instanceUrl: null,
      lastError: null,
      access: 'read',
    });
  return getConnection(app, auth, provider);
}

/** "Sync now": a run of the CRM's source, shaped and followed as any source's. */
export async function syncConnection(
  app: Composer,
  auth: AuthContext,
  provider: ConnectionProvider,
): Promise<Sync> {
  if (!isCrm(provider)) throw notFound('Syncable connection');
  const row = await findConnection(app.db, auth.org.id, provider);
  if (!row || row.status === 'not_connected' || !row.sourceId)
    throw conflict(`Connect ${CONNECTION_LABELS[provider]} first.`);
  if (row.status === 'reconnect_needed')
    throw conflict(
      `Reconnect ${CONNECTION_LABELS[provider]} first: it refused the saved authorization.`,
    );
  await withCurrentCrmTables(app.db, auth.org.id, provider, row.sourceId);
  return toSync(await queueSync(app.db, app.jobs, auth.org.id, row.sourceId));
}
