import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The query API both drivers share; repositories take this, never a driver type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | undefined /* undefined = in memory */ };

/** Opens the metadata database and applies pending migrations before anyone queries it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => endPool(pool) };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = new PGlite(target.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/**
 * `pool.end()` resolves before its clients have finished disconnecting; wait for every
 * client's 'remove' so that closing means closed (a database dropped or a process exiting
 * right after must not hit a half-closed connection).
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const allRemoved = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      removed += 1;
      if (removed >= open) resolve();
    });
  });
  await pool.end();
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 5_000);
  });
  await Promise.race([allRemoved, giveUp]);
  clearTimeout(timer);
}

/** PGlite under the data directory unless DATABASE_URL names a PostgreSQL server. */
export function databaseTargetFor(config: {
  databaseUrl?: string;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'metadata') };
}
