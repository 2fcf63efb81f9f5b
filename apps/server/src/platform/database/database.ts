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
    try {
      await migrateHoldingLock(pool);
    } catch (error) {
      await endPool(pool);
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => endPool(pool) };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = new PGlite(target.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/** The advisory lock migrations run under: `hashtextextended` of this text. */
const MIGRATIONS_LOCK = 'revlane-migrations';

/**
 * Applies pending migrations on one connection holding a session advisory lock: drizzle's
 * migrate takes no lock, so processes starting together would each apply them (ADR 0035).
 * The others wait for the lock, then find nothing pending. A process killed mid-way frees
 * the lock with its connection (and its migration's transaction rolls back).
 */
async function migrateHoldingLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  const lockId = [MIGRATIONS_LOCK];
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', lockId);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', lockId);
  } catch (error) {
    // Destroyed, not returned to the pool: the lock must not stay held on a pooled connection.
    client.release(error as Error);
    throw error;
  }
  client.release();
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
