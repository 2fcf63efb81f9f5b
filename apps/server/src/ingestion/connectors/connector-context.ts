import type { FastifyInstance } from 'fastify';
import { sessionOpener } from '../../integrations/index.js';
import { sharedDirOf } from '../../platform/storage/shared-dir.js';
import type { ConnectorContext } from './open-connector.js';

/**
 * What every connector of this app gets: the shared directory, the outbound policy, API roots, and
 * the CSV uploads loaded while they arrived.
 */
export function connectorContextOf(
  app: Pick<FastifyInstance, 'config' | 'db' | 'secrets'> &
    Partial<Pick<FastifyInstance, 'csvLoadAhead'>>,
): Omit<ConnectorContext, 'orgId' | 'sourceId'> {
  const { sources } = app.config;
  return {
    sharedDir: sharedDirOf(app.config),
    policy: { allowPrivateHosts: sources.allowPrivateHosts },
    googleSheets: sources.googleSheets,
    openSession: sessionOpener(app),
    ...(app.csvLoadAhead ? { loadAhead: app.csvLoadAhead } : {}),
  };
}
