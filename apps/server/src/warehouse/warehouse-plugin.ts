import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { KeyedLock, type TurnLock } from '../platform/locks/index.js';
import { openWarehouse, SegmentReader, type Warehouse } from './index.js';

/** The analytical plane as the services see it (docs/architecture.md §5). */
export interface WarehouseAccess {
  /** One engine for every organization: DuckDB opens a file per org, PostgreSQL a schema. */
  engine: Warehouse;
  /** Compiles and runs segment queries; keeps the per-load count cache. */
  reader: SegmentReader;
  /**
   * One per organization: the rebuilds of its canonical and metric tables (a mapping publish,
   * the daily metric refresh) build the same `__next` tables, so they take turns, across
   * every process (`app.locks`, ADR 0035).
   */
  rebuilds: TurnLock;
  /**
   * Runs a task (a data load) after start-up without holding up requests; the app waits for
   * it before closing the warehouse, so a shutdown never cuts a load's swap in half.
   */
  runInBackground(task: () => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    warehouse: WarehouseAccess;
  }
}

interface WarehousePluginOptions {
  /** An engine the caller owns (and closes); default the one the configuration names. */
  engine?: Warehouse;
}

const registerWarehouse: FastifyPluginCallback<WarehousePluginOptions> = (app, options, done) => {
  const engine =
    options.engine ??
    openWarehouse({ warehouseUrl: app.config.warehouseUrl, dataDir: app.config.dataDir });
  const running = new Set<Promise<void>>();
  app.decorate<WarehouseAccess>('warehouse', {
    engine,
    reader: new SegmentReader(engine),
    // Without the app's locks (a warehouse registered alone, in a test) one process is all.
    rebuilds: app.hasDecorator('locks') ? app.locks.named('table-rebuilds') : new KeyedLock(),
    runInBackground(task) {
      const promise = task()
        .catch((error: unknown) =>
          app.log.error({ err: error }, 'background warehouse task failed'),
        )
        .finally(() => running.delete(promise));
      running.add(promise);
    },
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
    if (!options.engine) await engine.close();
  });
  done();
};

export const warehousePlugin = fp(registerWarehouse, {
  name: 'revlane-warehouse',
  dependencies: ['revlane-config'],
});
