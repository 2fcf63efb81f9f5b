import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { removeUnlessKept } from '../../../../../../scripts/test-run-dir.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sync } from '@revlane/contracts';
import {
  kill9,
  listeningUrl,
  startServer,
  type ServerProcess,
} from '../../../../test/server-process.js';
import { createTestKeys, signTestToken } from '../../../../test/tokens.js';
import { INTERRUPTED_MESSAGE } from '../../../ingestion/syncs/sync-jobs.js';
import { createSourceDatabase, sourcePostgresUrl, type SourceDatabase } from './source-postgres.js';

const adminUrl = await sourcePostgresUrl();
if (!adminUrl) console.warn('kill -9 sync test skipped: no PostgreSQL server answers');

const USERS = 1_000;

/**
 * The real thing: the server CLI in its own process (metadata and warehouse on PostgreSQL) is
 * killed with SIGKILL in the middle of a sync, then started again (docs/architecture.md §3.2,
 * ADR 0018).
 */
describe.skipIf(!adminUrl)('composer: a sync killed with kill -9, then a restart', () => {
  let remote: SourceDatabase;
  let metadata: SourceDatabase;
  let idp: Server;
  let env: Record<string, string>;
  let token: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-kill-'));

  beforeAll(async () => {
    remote = await createSourceDatabase(adminUrl!);
    await remote.run(`CREATE TABLE users AS SELECT g AS id, 'u' || g AS name
      FROM generate_series(1, ${USERS}) g`);
    // Minutes to read: the sync is surely in the middle of it when the process dies.
    await remote.run(`CREATE VIEW slow AS SELECT g AS id, pg_sleep(0.01)::text AS pause
      FROM generate_series(1, 100000) g`);
    metadata = await createSourceDatabase(adminUrl!);
    const keys = await createTestKeys();
    idp = createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(keys.jwks)),
    );
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    const idpUrl = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    token = await signTestToken(
      keys,
      { sub: 'kill|dana', email: 'dana@kill-test.example', name: 'Dana' },
      { issuer: `${idpUrl}/`, exp: Math.floor(Date.now() / 1000) + 3600 },
    );
    env = {
      PORT: '0',
      LOG_LEVEL: 'silent',
      REVLANE_DATA_DIR: dataDir,
      AUTH0_DOMAIN: idpUrl,
      AUTH0_CLIENT_ID: 'test-client',
      DATABASE_URL: metadata.url.toString(),
      WAREHOUSE_URL: metadata.url.toString(),
      OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
    };
  });
  afterAll(async () => {
    await new Promise((resolve) => idp?.close(resolve));
    await remote?.drop();
    await metadata?.drop();
    removeUnlessKept(dataDir);
  });

  const client =
    (url: string) =>
    async <T>(method: string, route: string, body?: unknown) => {
      const response = await fetch(`${url}/composer/api/v1/${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status}`);
      return ((await response.json()) as { data: T }).data;
    };
  const until = async (read: () => Promise<Sync>, done: (sync: Sync) => boolean) => {
    for (;;) {
      const sync = await read();
      if (done(sync)) return sync;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  /** Rows of a landed table, read from the warehouse schema on PostgreSQL. */
  const landedRows = async (table: string) => {
    const db = new pg.Client({ connectionString: metadata.url.toString() });
    await db.connect();
    try {
      const { rows } = await db.query<{ table_schema: string }>(
        `SELECT table_schema FROM information_schema.tables WHERE table_name = $1`,
        [table],
      );
      const counted = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${rows[0]!.table_schema}"."${table}"`,
      );
      return Number(counted.rows[0]!.n);
    } finally {
      await db.end();
    }
  };

  /** The `__next` tables beside `table` (same source prefix) in the warehouse schema. */
  const nextTablesOf = async (table: string) => {
    const prefix = table.slice(0, table.indexOf('_', 4) + 1);
    const db = new pg.Client({ connectionString: metadata.url.toString() });
    await db.connect();
    try {
      const { rows } = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
          WHERE left(table_name, length($1)) = $1 AND right(table_name, 6) = '__next'`,
        [prefix],
      );
      return rows.map((row) => row.table_name);
    } finally {
      await db.end();
    }
  };

  it('fails the interrupted run on restart, drops its __next tables, keeps the previous data, and syncs again', async () => {
    let server: ServerProcess = startServer(env);
    try {
      const api = client(await listeningUrl(server));
      const source = await api<{ id: string }>('POST', 'sources', {
        type: 'postgres',
        name: 'Product DB',
        config: {
          host: remote.url.hostname,
          port: Number(remote.url.port || 5432),
          database: remote.url.pathname.slice(1),
          user: decodeURIComponent(remote.url.username),
          tlsMode: 'disable',
        },
      });
      const select = (names: string[]) =>
        api('PATCH', `sources/${source.id}`, { selectedTables: names.map((name) => ({ name })) });
      await select(['users']);
      const first = await api<{ id: string }>('POST', `sources/${source.id}/syncs`);
      const loaded = await until(
        () => api<Sync>('GET', `syncs/${first.id}`),
        (sync) => sync.status === 'succeeded',
      );
      const table = loaded.tables[0]!.warehouseTable;
      expect(await landedRows(table)).toBe(USERS);

      await select(['users', 'slow']);
      const killed = await api<{ id: string }>('POST', `sources/${source.id}/syncs`);
      // users is rebuilt beside the live table, then the slow view is being read.
      await until(
        () => api<Sync>('GET', `syncs/${killed.id}`),
        (sync) => sync.status === 'running' && sync.tables.length === 1,
      );
      await kill9(server);
      // The minute of silence after which a run counts as dead, passed at once.
      const db = new pg.Client({ connectionString: metadata.url.toString() });
      await db.connect();
      await db.query(
        `UPDATE source_syncs SET heartbeat_at = now() - interval '5 minutes' WHERE id = $1`,
        [killed.id],
      );
      await db.end();
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
      const done = await until(
        () => restarted<Sync>('GET', `syncs/${again.id}`),
        (sync) => !['queued', 'running'].includes(sync.status),
      );
      expect(done).toMatchObject({ status: 'succeeded', rowsWritten: USERS });
      expect(await landedRows(table)).toBe(USERS);
    } finally {
      await kill9(server);
    }
  }, 300_000);
});
