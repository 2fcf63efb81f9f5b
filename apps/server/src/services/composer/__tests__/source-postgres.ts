import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL server to act as a customer's database: TEST_DATABASE_URL's server, or the
 * local one on 127.0.0.1:5432 when it answers. Null without one, after a warning that
 * `skipped` (the tests needing it) are skipped: PGlite over a socket would do, but
 * `@electric-sql/pglite-socket` pins a PGlite other than ours (ADR 0008).
 */
export async function sourcePostgresUrl(skipped: string): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    console.warn(`${skipped} skipped: no PostgreSQL server answers`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface SourceDatabase {
  url: URL;
  /** A PostgreSQL source's settings for it (plain text: the test server has no TLS). */
  sourceConfig: { host: string; port: number; database: string; user: string; tlsMode: string };
  run(sql: string): Promise<void>;
  drop(): Promise<void>;
}

/** A fresh database on that server for one test file, dropped afterwards. */
export async function createSourceDatabase(adminUrl: string): Promise<SourceDatabase> {
  const name = `sources_test_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url,
    sourceConfig: {
      host: url.hostname,
      port: Number(url.port || 5432),
      database: url.pathname.slice(1),
      user: decodeURIComponent(url.username),
      tlsMode: 'disable',
    },
    run: async (sql) => {
      await client.query(sql);
    },
    async drop() {
      await client.end();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
