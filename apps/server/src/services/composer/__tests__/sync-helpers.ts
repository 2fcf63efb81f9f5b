import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Sync } from '@revlane/contracts';
import { csvFileOf } from '../../../ingestion/connectors/csv-connector.js';
import { rawTablePrefix } from '../../../ingestion/landing/landed-tables.js';
import { sourceSyncs } from '../../../platform/database/schema/index.js';
import type { TestUser } from '../../../../test/app.js';
import type { ComposerFixture } from './composer-fixture.js';

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

/** Puts a CSV source's file in place, as a finished upload does. */
export function writeCsvSource(f: ComposerFixture, sourceId: string, content: string) {
  const file = csvFileOf(f.t.config.dataDir, f.danaOrg, sourceId);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** `POST sources/{id}/syncs`: the new run's id (202). */
export async function startSync(f: ComposerFixture, user: TestUser, sourceId: string) {
  const response = await f.call(user, { method: 'POST', url: `sources/${sourceId}/syncs` });
  if (response.statusCode !== 202) throw new Error(`start sync: ${response.body}`);
  return response.json<{ data: { id: string } }>().data.id;
}

export async function readSync(f: ComposerFixture, user: TestUser, syncId: string) {
  const response = await f.call(user, { method: 'GET', url: `syncs/${syncId}` });
  return response.json<{ data: Sync }>().data;
}

/** Polls the run until `done` says so (default: it finished), as the SPA does. */
export async function waitForSync(
  f: ComposerFixture,
  user: TestUser,
  syncId: string,
  done: (sync: Sync) => boolean = (sync) => TERMINAL.has(sync.status),
): Promise<Sync> {
  for (let polls = 0; polls < 1200; polls += 1) {
    const sync = await readSync(f, user, syncId);
    if (done(sync)) return sync;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`sync ${syncId} did not get there`);
}

/** Starts a sync and waits for it to finish. */
export async function syncNow(f: ComposerFixture, user: TestUser, sourceId: string) {
  return waitForSync(f, user, await startSync(f, user, sourceId));
}

/** What a killed process leaves: a run of the source marked running whose heartbeat stopped long ago. */
export async function insertDeadRun(f: ComposerFixture, sourceId: string) {
  const [run] = await f.t.database.db
    .insert(sourceSyncs)
    .values({
      orgId: f.danaOrg,
      sourceId,
      status: 'running',
      startedAt: new Date(Date.now() - 600_000),
      heartbeatAt: new Date(Date.now() - 600_000),
    })
    .returning();
  return run!;
}

/** Rows of a landed table, counted in the organization's warehouse. */
export async function countRows(f: ComposerFixture, table: string): Promise<number> {
  const engine = f.t.app.warehouse.engine;
  const rows = await engine.query(f.danaOrg, {
    sql: `SELECT count(*) AS n FROM ${engine.dialect.table(f.danaOrg, table)}`,
    params: [],
  });
  return Number(rows[0]!.n);
}

/** Queries over the raw tables a source landed, named by their source table (lower case). */
export function landedQueries(f: ComposerFixture, sourceId: string) {
  const engine = f.t.app.warehouse.engine;
  const rows = (sql: string) => engine.query(f.danaOrg, { sql, params: [] });
  return {
    table: (name: string) =>
      engine.dialect.table(f.danaOrg, `${rawTablePrefix(sourceId)}${name.toLowerCase()}`),
    rows,
    count: async (sql: string) => Number((await rows(sql))[0]!.n),
  };
}
