import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from './database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Which store holds the metadata: PGlite is one process's (dead-process-rule.ts). */
    databaseKind: DatabaseHandle['kind'];
    /** Resolves when the metadata database answers a trivial query. */
    isDatabaseReady(): Promise<boolean>;
  }
}

/** Closing stays with whoever opened the handle (the app builder or its caller). */
interface DatabasePluginOptions {
  handle: DatabaseHandle;
}

const READY_TIMEOUT_MS = 2_000;

const registerDatabase: FastifyPluginCallback<DatabasePluginOptions> = (app, { handle }, done) => {
  app.decorate('db', handle.db);
  app.decorate('databaseKind', handle.kind);
  app.decorate('isDatabaseReady', async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
    });
    const probe = handle.db.execute(sql`select 1`).then(
      () => true,
      (error: unknown) => {
        app.log.warn({ err: error }, 'database readiness probe failed');
        return false;
      },
    );
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  });
  done();
};

export const databasePlugin = fp(registerDatabase, { name: 'revlane-database' });
