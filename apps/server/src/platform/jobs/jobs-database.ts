import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from '../database/database.js';

interface SqlResult {
  rows: unknown[];
}

/**
 * The `db` pg-boss runs its SQL through, on the metadata database's own connections: the
 * PostgreSQL pool (no second pool to size and close) or the one PGlite connection.
 *
 * Once closed it answers `undefined` without touching the database, as pg-boss's own
 * adapter does: a handler that outlives the shutdown time-out then completes into nothing
 * (the job is retried) instead of failing on a closed database.
 */
export class JobsDatabase {
  private isOpen = true;
  private readonly run: (text: string, values?: unknown[]) => Promise<SqlResult>;
  /** Whether the database itself was closed (pg-boss may still complete a job after it). */
  private readonly databaseClosed: () => boolean;

  constructor(handle: DatabaseHandle) {
    // Both Drizzle drivers keep their client on `$client`; the handle does not expose it.
    const client = (handle.db as unknown as { $client: unknown }).$client;
    if (handle.kind === 'pglite') {
      this.run = (text, values) => runOnPglite(client as PGlite, text, values);
      this.databaseClosed = () => (client as PGlite).closed;
    } else {
      this.run = (text, values) => (client as pg.Pool).query(text, values);
      // `ending` from the moment `end()` is called: the pool refuses queries from then on.
      this.databaseClosed = () => (client as pg.Pool).ending;
    }
  }

  /**
   * Closed (or the database closed under it): `undefined`. pg-boss completes a finished job
   * without awaiting it, so a rejection there would be unhandled and end the process.
   */
  async executeSql(text: string, values?: unknown[]): Promise<SqlResult | undefined> {
    return this.isOpen && !this.databaseClosed() ? this.run(text, values) : undefined;
  }

  close(): void {
    this.isOpen = false;
  }
}

/**
 * PGlite's `query` takes one statement; pg-boss sends scripts (schema install, maintenance
 * under an advisory lock, `BEGIN; …; COMMIT`) without parameters, which need `exec`.
 * A script runs inside `transaction()` so that, should it fail half-way, PGlite rolls back
 * rather than leaving its only connection in an aborted transaction; the script's own
 * BEGIN/COMMIT nest harmlessly. Every PGlite call (query, exec, transaction) takes the same
 * lock, so pg-boss never lands inside a Drizzle transaction and vice versa.
 */
async function runOnPglite(client: PGlite, text: string, values?: unknown[]): Promise<SqlResult> {
  if (values && values.length > 0) return client.query(text, values);
  const results = await client.transaction((tx) => tx.exec(text));
  return results.at(-1) ?? { rows: [] };
}
