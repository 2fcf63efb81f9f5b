import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { createLocks, type Locks } from './locks.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Locks across every process on the metadata database (ADR 0035). */
    locks: Locks;
  }
}

/**
 * On PostgreSQL the locks connect as the metadata pool does (its options), on a connection of
 * their own. Registered before the warehouse and the jobs: Fastify runs onClose hooks newest
 * first, so running jobs have released their locks before the connection ends.
 */
const registerLocks: FastifyPluginCallback = (app, _options, done) => {
  const log = app.log.child({ component: 'locks' });
  // Both Drizzle drivers keep their client on `$client`; on PostgreSQL it is the pg Pool.
  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
  const locks = createLocks(
    app.databaseKind === 'postgres'
      ? { kind: 'postgres', connection: pool.options }
      : { kind: 'pglite' },
    log,
  );
  app.decorate<Locks>('locks', locks);
  app.addHook('onClose', () => locks.close());
  done();
};

export const locksPlugin = fp(registerLocks, {
  name: 'revlane-locks',
  dependencies: ['revlane-database'],
});
