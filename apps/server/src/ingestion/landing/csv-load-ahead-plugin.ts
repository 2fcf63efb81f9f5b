import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { CsvLoadAhead } from './csv-load-ahead.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** CSV uploads loaded into the warehouse while they arrive (ADR 0029). */
    csvLoadAhead: CsvLoadAhead;
  }
}

/**
 * One load-ahead for the app: the transfer service feeds it uploads, the composer's syncs
 * claim what it loaded. Closed before the warehouse (registered after it), dropping every
 * scratch table no sync claimed.
 */
const registerCsvLoadAhead: FastifyPluginCallback = (app, _options, done) => {
  const loadAhead = new CsvLoadAhead(
    app.warehouse.engine,
    app.log.child({ component: 'csv-load-ahead' }),
    { enabled: app.config.jobs.isWorking },
  );
  app.decorate('csvLoadAhead', loadAhead);
  app.addHook('onClose', () => loadAhead.close());
  done();
};

export const csvLoadAheadPlugin = fp(registerCsvLoadAhead, {
  name: 'revlane-csv-load-ahead',
  dependencies: ['revlane-warehouse'],
});
