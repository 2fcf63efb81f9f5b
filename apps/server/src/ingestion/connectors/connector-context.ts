import type { FastifyInstance } from 'fastify';
import { sessionOpener } from '../../integrations/index.js';
import type { ConnectorContext } from './open-connector.js';

/**
 * What every connector of this app gets: the data dir, the outbound policy, API roots, and
 * the CSV uploads loaded while they arrived.
 */
export function connectorContextOf(
  app: Pick<FastifyInstance, 'config' | 'db' | 'secrets'> &
    Partial<Pick<FastifyInstance, 'csvLoadAhead'>>,
): Omit<ConnectorContext, 'orgId' | 'sourceId'> {
  const { dataDir, sources } = app.config;
  return {
    dataDir,
    policy: { allowPrivateHosts: sources.allowPrivateHosts },
    googleSheets: sources.googleSheets,
    openSession: sessionOpener(app),
    ...(app.csvLoadAhead ? { loadAhead: app.csvLoadAhead } : {}),
  };
}
