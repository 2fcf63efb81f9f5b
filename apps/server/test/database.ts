import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import {
  openDatabase,
  type Database,
  type DatabaseHandle,
} from '../src/platform/database/database.js';

/**
 * A fresh, migrated metadata database for one test file: PostgreSQL in its own newly
 * created database when TEST_DATABASE_URL is set (dropped on close), else in-memory PGlite.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ kind: 'pglite', dataDir: undefined });

  const name = `revlane_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/**
 * A test database (`createTestDatabase`) for the tests of one describe block, created before
 * them and closed after them; read `db` inside tests.
 */
export function useTestDatabase(): { readonly db: Database } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());
  return {
    get db() {
      if (!handle) throw new Error('the test database is not open');
      return handle.db;
    },
  };
}

/**
 * A fresh PostgreSQL database shared by `count` processes' worth of handles (each its own
 * pool, as each process has; opened one after the other, so only the first migrates), for
 * tests of state shared across processes (ADR 0035). `drop` closes them and drops it.
 */
export async function createSharedTestDatabase(
  adminUrl: string,
  count: number,
): Promise<{ url: string; handles: DatabaseHandle[]; drop(): Promise<void> }> {
  const name = `revlane_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  for (let i = 0; i < count; i += 1)
    handles.push(await openDatabase({ kind: 'postgres', url: url.toString() }));
  return {
    url: url.toString(),
    handles,
    async drop() {
      for (const handle of handles) await handle.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/** Runs `run` on a client connected to `url`, then disconnects it. */
export async function withAdminClient<T>(
  url: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
