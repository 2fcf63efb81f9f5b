import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removeUnlessKept } from '../../../../../../scripts/test-run-dir.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sync } from '@revlane/contracts';
import type pg from 'pg';
import { withAdminClient } from '../../../../test/database.js';
import { startTestIdp, type TestIdp } from '../../../../test/seeded-data-dir.js';
import {
  apiClient,
  kill9,
  listeningUrl,
  startServer,
  until,
  type ApiClient,
  type ServerProcess,
} from '../../../../test/server-process.js';
import { INTERRUPTED_MESSAGE } from '../../../ingestion/syncs/sync-jobs.js';
import { createSourceDatabase, sourcePostgresUrl, type SourceDatabase } from './source-postgres.js';

const adminUrl = await sourcePostgresUrl('kill -9 sync test');

const USERS = 1_000;

/**
 * The real thing: the server CLI in its own process (metadata and warehouse on PostgreSQL) is
 * killed with SIGKILL in the middle of a sync, then started again (docs/architecture.md §3.2,
 * ADR 0018).
 */
describe.skipIf(!adminUrl)('composer: a sync killed with kill -9, then a restart', () => {
  let remote: SourceDatabase;
  let metadata: SourceDatabase;
  let idp: TestIdp;
  let env: Record<string, string>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-kill-'));

  beforeAll(async () => {
    remote = await createSourceDatabase(adminUrl!);
    await remote.run(`CREATE TABLE users AS SELECT g AS id, 'u' || g AS name
      FROM generate_series(1, ${USERS}) g`);
    // Minutes to read: the sync is surely in the middle of it when the process dies.
    await remote.run(`CREATE VIEW slow AS SELECT g AS id, pg_sleep(0.01)::text AS pause
      FROM generate_series(1, 100000) g`);
    metadata = await createSourceDatabase(adminUrl!);
    idp = await startTestIdp({ sub: 'kill|dana', email: 'dana@kill-test.example', name: 'Dana' });
    env = {
      PORT: '0',
      LOG_LEVEL: 'silent',
      REVLANE_DATA_DIR: dataDir,
      AUTH0_DOMAIN: idp.url,
      AUTH0_CLIENT_ID: 'test-client',
      DATABASE_URL: metadata.url.toString(),
      WAREHOUSE_URL: metadata.url.toString(),
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
    };
  });
  afterAll(async () => {
    await idp?.close();
    await remote?.drop();
    await metadata?.drop();
    removeUnlessKept(dataDir);
  });

  const client = (url: string) => apiClient(`${url}/composer/api/v1/`, idp.token);
  /** The sync once `done` says so; polls as long as the test may run. */
  const syncWhen = (api: ApiClient, id: string, done: (sync: Sync) => boolean) =>
    until(async () => {
      const sync = await api<Sync>('GET', `syncs/${id}`);
      return done(sync) ? sync : undefined;
    }, 300_000);
  const inWarehouse = <T>(run: (db: pg.Client) => Promise<T>) =>
    withAdminClient(metadata.url.toString(), run);
  /** Rows of a landed table, read from the warehouse schema on PostgreSQL. */
  const landedRows = (table: string) =>
    inWarehouse(async (db) => {
      const { rows } = await db.query<{ table_schema: string }>(
        `SELECT table_schema FROM information_schema.tables WHERE table_name = $1`,
        [table],
      );
      const counted = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${rows[0]!.table_schema}"."${table}"`,
      );
      return Number(counted.rows[0]!.n);
    });

  /** The `__next` tables beside `table` (same source prefix) in the warehouse schema. */
  const nextTablesOf = (table: string) =>
    inWarehouse(async (db) => {
      const prefix = table.slice(0, table.indexOf('_', 4) + 1);
      const { rows } = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
          WHERE left(table_name, length($1)) = $1 AND right(table_name, 6) = '__next'`,
        [prefix],
      );
      return rows.map((row) => row.table_name);
    });

  it('fails the interrupted run on restart, drops its __next tables, keeps the previous data, and syncs again', async () => {
    let server: ServerProcess = startServer(env);
    try {
      const api = client(await listeningUrl(server));
      const source = await api<{ id: string }>('POST', 'sources', {
        type: 'postgres',
        name: 'Product DB',
        config: remote.sourceConfig,
      });
      const select = (names: string[]) =>
        api('PATCH', `sources/${source.id}`, { selectedTables: names.map((name) => ({ name })) });
      await select(['users']);
      const first = await api<{ id: string }>('POST', `sources/${source.id}/syncs`);
      const loaded = await syncWhen(api, first.id, (sync) => sync.status === 'succeeded');
      const table = loaded.tables[0]!.warehouseTable;
      expect(await landedRows(table)).toBe(USERS);

      await select(['users', 'slow']);
      const killed = await api<{ id: string }>('POST', `sources/${source.id}/syncs`);
      // users is rebuilt beside the live table, then the slow view is being read.
      await syncWhen(
        api,
        killed.id,
        (sync) => sync.status === 'running' && sync.tables.length === 1,
      );
      await kill9(server);
      // The minute of silence after which a run counts as dead, passed at once.
      await inWarehouse((db) =>
        db.query(
          `UPDATE source_syncs SET heartbeat_at = now() - interval '5 minutes' WHERE id = $1`,
          [killed.id],
        ),
      );
      // users was rebuilt beside the live table when the process died.
      expect(await nextTablesOf(table)).toEqual([`${table}__next`]);

      server = startServer(env);
      const restarted = client(await listeningUrl(server));
      expect(await restarted<Sync>('GET', `syncs/${killed.id}`)).toMatchObject({
        status: 'failed',
        error: INTERRUPTED_MESSAGE,
      });
      expect(await landedRows(table)).toBe(USERS);
      // The start-up sweep dropped what the killed run left half built (ADR 0027).
      expect(await nextTablesOf(table)).toEqual([]);
      await restarted('PATCH', `sources/${source.id}`, { selectedTables: [{ name: 'users' }] });
      const again = await restarted<{ id: string }>('POST', `sources/${source.id}/syncs`);
      expect(again.id).not.toBe(killed.id);
      const done = await syncWhen(
        restarted,
        again.id,
        (sync) => !['queued', 'running'].includes(sync.status),
      );
      expect(done).toMatchObject({ status: 'succeeded', rowsWritten: USERS });
      expect(await landedRows(table)).toBe(USERS);
    } finally {
      await kill9(server);
    }
  }, 300_000);
});
