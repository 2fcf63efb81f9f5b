import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawTablePrefix } from '../../../ingestion/landing/landed-tables.js';
import type { DiscoveredTable, Source, TablePreview, TestResult } from '@revlane/contracts';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { createSourceDatabase, sourcePostgresUrl, type SourceDatabase } from './source-postgres.js';
import { countRows, readSync, startSync, syncNow, waitForSync } from './sync-helpers.js';

const adminUrl = await sourcePostgresUrl('PostgreSQL source tests');

const ROWS = 100_000;

describe.skipIf(!adminUrl)('composer: a PostgreSQL source', () => {
  let f: ComposerFixture;
  let remote: SourceDatabase;
  let source: Source;

  beforeAll(async () => {
    remote = await createSourceDatabase(adminUrl!);
    await remote.run(`CREATE TABLE users (id bigint PRIMARY KEY, email text, plan text,
      mrr numeric(10,2), active boolean, updated_at timestamptz)`);
    await remote.run(`INSERT INTO users SELECT g, 'user' || g || '@example.com',
      CASE WHEN g % 3 = 0 THEN 'pro' ELSE 'free' END, g % 100 + 0.5, g % 2 = 0,
      timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second'
      FROM generate_series(1, ${ROWS}) g`);
    await remote.run(`CREATE TABLE "Odd Name" (id int, "First Name" text, "first_name" text)`);
    await remote.run(`INSERT INTO "Odd Name" VALUES (1, 'a''b', ''), (2, E'line\\nbreak', NULL)`);
    await remote.run('ANALYZE');
    f = await createComposerFixture({
      env: { ...FAST_JOBS_ENV, OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true' },
    });
    source = await f.createSource(f.dana, {
      type: 'postgres',
      name: 'Product DB',
      config: remote.sourceConfig,
    });
  });
  afterAll(async () => {
    await f?.close();
    await remote?.drop();
  });

  const test = async (config: object) => {
    const response = await f.call(f.dana, {
      method: 'POST',
      url: 'sources/test',
      payload: { type: 'postgres', config },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: TestResult }>().data;
  };

  it('tests a connection with an actionable answer, never a 500', async () => {
    expect(await test(remote.sourceConfig)).toEqual({ ok: true, message: 'Connected.' });
    // The default TLS mode, prefer, falls back to plain text on a server without TLS.
    const { tlsMode: _disable, ...preferred } = remote.sourceConfig;
    expect(await test(preferred)).toEqual({ ok: true, message: 'Connected.' });
    const saved = await f.call(f.dana, { method: 'POST', url: `sources/${source.id}/test` });
    expect(saved.json<{ data: TestResult }>().data.ok).toBe(true);
    const metadata = await test({ ...remote.sourceConfig, host: '169.254.169.254' });
    expect(metadata.ok).toBe(false);
    expect(metadata.message).toMatch(/^Refused by policy/);
    const unknown = await test({ ...remote.sourceConfig, host: 'no-such-host.invalid' });
    expect(unknown.message).toMatch(/^Host not found/);
    const noDatabase = await test({ ...remote.sourceConfig, database: 'sources_nope' });
    expect(noDatabase.message).toMatch(/does not exist/);
    const refused = await test({ ...remote.sourceConfig, port: 1 });
    expect(refused.message).toMatch(/^Connection refused/);
  });

  it('lists tables with columns, types and row estimates, and previews rows', async () => {
    const tables = await f.call(f.dana, { method: 'GET', url: `sources/${source.id}/tables` });
    expect(tables.statusCode, tables.body).toBe(200);
    const users = tables.json<{ data: DiscoveredTable[] }>().data.find((t) => t.name === 'users');
    expect(users).toMatchObject({
      rowEstimate: ROWS,
      columns: [
        { name: 'id', type: 'bigint' },
        { name: 'email', type: 'text' },
        { name: 'plan', type: 'text' },
        { name: 'mrr', type: 'numeric(10,2)' },
        { name: 'active', type: 'boolean' },
        { name: 'updated_at', type: 'timestamp with time zone' },
      ],
    });
    const preview = await f.call(f.dana, {
      method: 'GET',
      url: `sources/${source.id}/tables/users/preview?limit=2`,
    });
    expect(preview.json<{ data: TablePreview }>().data.rows).toHaveLength(2);
    const missing = await f.call(f.dana, {
      method: 'GET',
      url: `sources/${source.id}/tables/nope/preview`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lands each selected table as its own raw table with exact row counts', async () => {
    await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${source.id}`,
      payload: {
        selectedTables: [{ name: 'users', cursorColumn: 'updated_at' }, { name: 'Odd Name' }],
      },
    });
    const sync = await syncNow(f, f.dana, source.id);
    expect(sync).toMatchObject({ status: 'succeeded', rowsRead: ROWS + 2, rowsWritten: ROWS + 2 });
    expect(sync.startedAt).not.toBeNull();
    expect(sync.finishedAt).not.toBeNull();
    const [users, odd] = sync.tables;
    expect(users).toMatchObject({ name: 'users', rows: ROWS, incremental: false });
    expect(await countRows(f, users!.warehouseTable)).toBe(ROWS);
    const engine = f.t.app.warehouse.engine;
    const rows = await engine.query(f.danaOrg, {
      sql: `SELECT * FROM ${engine.dialect.table(f.danaOrg, odd!.warehouseTable)} ORDER BY id`,
      params: [],
    });
    // Source names become safe identifiers; '' stays empty, NULL stays NULL.
    expect(rows).toEqual([
      { id: 1, first_name: "a'b", first_name_2: '' },
      { id: 2, first_name: 'line\nbreak', first_name_2: null },
    ]);
    const sample = await engine.query(f.danaOrg, {
      sql: `SELECT id, mrr, active, updated_at FROM ${engine.dialect.table(f.danaOrg, users!.warehouseTable)} WHERE id = 3`,
      params: [],
    });
    expect(sample).toEqual([
      { id: 3, mrr: 3.5, active: false, updated_at: '2024-01-01T00:00:03.000Z' },
    ]);
  });

  it('loads only newer rows past the cursor, and reports drift instead of failing', async () => {
    await remote.run(`INSERT INTO users VALUES (${ROWS + 1}, 'new@example.com', 'pro', 1, true,
      timestamptz '2030-01-01 00:00:00+00')`);
    const incremental = await syncNow(f, f.dana, source.id);
    expect(incremental.status, incremental.error ?? '').toBe('succeeded');
    expect(incremental.tables[0]).toMatchObject({ rows: 1, incremental: true });
    expect(incremental.rowsRead).toBe(1 + 2);
    expect(await countRows(f, incremental.tables[0]!.warehouseTable)).toBe(ROWS + 1);

    await remote.run('ALTER TABLE users ADD COLUMN seats int DEFAULT 3');
    await remote.run('ALTER TABLE users DROP COLUMN plan');
    await remote.run('ALTER TABLE users ALTER COLUMN email TYPE varchar(200)');
    const drifted = await syncNow(f, f.dana, source.id);
    expect(drifted.status, drifted.error ?? '').toBe('succeeded');
    expect(drifted.tables[0]).toMatchObject({
      incremental: false,
      rows: ROWS + 1,
      addedColumns: ['seats'],
      droppedColumns: ['plan'],
      changedColumns: [{ name: 'email', from: 'text', to: 'character varying(200)' }],
    });
  });

  it('with a primary key, an incremental sync replaces a row modified since, never lands it twice', async () => {
    await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${source.id}`,
      payload: {
        selectedTables: [
          { name: 'users', cursorColumn: 'updated_at', primaryKey: 'id' },
          { name: 'Odd Name' },
        ],
      },
    });
    await remote.run(`UPDATE users SET email = 'moved@example.com',
      updated_at = timestamptz '2031-01-01 00:00:00+00' WHERE id = 3`);
    const merged = await syncNow(f, f.dana, source.id);
    expect(merged.status, merged.error ?? '').toBe('succeeded');
    expect(merged.tables[0]).toMatchObject({ rows: 1, incremental: true });
    const table = merged.tables[0]!.warehouseTable;
    expect(await countRows(f, table)).toBe(ROWS + 1);
    const engine = f.t.app.warehouse.engine;
    const row3 = await engine.query(f.danaOrg, {
      sql: `SELECT email FROM ${engine.dialect.table(f.danaOrg, table)} WHERE id = 3`,
      params: [],
    });
    expect(row3).toEqual([{ email: 'moved@example.com' }]);
  });

  it('cancels a running sync and keeps the previous data', async () => {
    // A table that takes minutes to read: the run is surely running when cancelled.
    await remote.run(`CREATE VIEW slow AS SELECT g AS id, pg_sleep(0.01)::text AS pause
      FROM generate_series(1, 100000) g`);
    await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${source.id}`,
      payload: { selectedTables: [{ name: 'users' }, { name: 'slow' }] },
    });
    const before = (await f.call(f.dana, { method: 'GET', url: `sources/${source.id}` })).json<{
      data: Source;
    }>().data.lastSync!;
    const syncId = await startSync(f, f.dana, source.id);
    await waitForSync(f, f.dana, syncId, (sync) => sync.status === 'running');
    const cancel = await f.call(f.dana, { method: 'DELETE', url: `syncs/${syncId}` });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await waitForSync(f, f.dana, syncId);
    expect(cancelled.status).toBe('cancelled');
    expect(await countRows(f, before.tables[0]!.warehouseTable)).toBe(ROWS + 1);
    expect(
      await f.t.app.warehouse.engine.hasTable(
        f.danaOrg,
        `${before.tables[0]!.warehouseTable}__next`,
      ),
    ).toBe(false);
    const other = await f.call(f.eve, { method: 'GET', url: `syncs/${syncId}` });
    expect(other.statusCode).toBe(404);
    expect((await readSync(f, f.dana, syncId)).finishedAt).not.toBeNull();
  });

  it('fails a table whose read breaks mid-stream into the pipe, leaving nothing half built', async () => {
    // Rows stream into the load (ADR 0027) until the 5000th fails at the source.
    await remote.run(`CREATE VIEW breaks AS SELECT g AS id, 1 / (5000 - g) AS ratio
      FROM generate_series(1, 10000) g`);
    const users = `${rawTablePrefix(source.id)}users`;
    await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${source.id}`,
      payload: { selectedTables: [{ name: 'breaks' }] },
    });
    const run = await waitForSync(f, f.dana, await startSync(f, f.dana, source.id));
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/division by zero/);
    const leftovers = await f.t.app.warehouse.engine.listTables(f.danaOrg, 'src_');
    expect(leftovers.filter((name) => name.endsWith('__next'))).toEqual([]);
    expect(await countRows(f, users)).toBe(ROWS + 1);
  }, 120_000);
});
