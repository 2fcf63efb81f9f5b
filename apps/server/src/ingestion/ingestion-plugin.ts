import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { CsvLoadAhead } from './landing/csv-load-ahead.js';
import type { SyncProgress } from './syncs/sync-progress.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** CSV uploads loaded into the warehouse while they arrive (ADR 0029). */
    csvLoadAhead: CsvLoadAhead;
    /** The syncs this process is running, by run id: a cancel aborts its step at once. */
    syncsInProgress: Map<string, SyncProgress>;
  }
}

/**
 * Ingestion's state in this process: one load-ahead (the transfer service feeds it uploads,
 * the syncs claim what it loaded; closed before the warehouse, dropping every scratch table
 * no sync claimed) and the syncs it is running (the sync worker writes them, the cancel
 * route reads them).
 */
const registerIngestion: FastifyPluginCallback = (app, _options, done) => {
  const loadAhead = new CsvLoadAhead(
    app.warehouse.engine,
    app.log.child({ component: 'csv-load-ahead' }),
    { enabled: app.config.jobs.isWorking },
  );
  app.decorate('csvLoadAhead', loadAhead);
  app.decorate('syncsInProgress', new Map<string, SyncProgress>());
  app.addHook('onClose', () => loadAhead.close());
  done();
};

export const ingestionPlugin = fp(registerIngestion, {
  name: 'revlane-ingestion',
  dependencies: ['revlane-warehouse'],
});
