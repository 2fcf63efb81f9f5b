import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveredTable, Source, TestResult } from '@revlane/contracts';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { sourceMariaDb } from './source-mariadb.js';
import { countRows, syncNow } from './sync-helpers.js';

const admin = await sourceMariaDb('MySQL source tests');

const ROWS = 20_000;

describe.skipIf(!admin)('composer: a MySQL source (MariaDB)', () => {
  const suffix = randomBytes(4).toString('hex');
  const database = `sources_test_${suffix}`;
  const user = `sources_u_${suffix}`;
  const password = `pw-${suffix}-Secret`;
  let f: ComposerFixture;
  let source: Source;
  const config = { host: '127.0.0.1', port: 3306, database, user, password, tlsMode: 'disable' };

  beforeAll(async () => {
    await admin!.query(`CREATE DATABASE ${database}`);
    await admin!.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`);
    await admin!.query(`CREATE USER '${user}'@'localhost' IDENTIFIED BY '${password}'`);
    await admin!.query(`GRANT SELECT ON ${database}.* TO '${user}'@'%', '${user}'@'localhost'`);
    await admin!.query(`USE ${database}`);
    await admin!.query(`SET SESSION max_recursive_iterations = ${ROWS + 1}`);
    await admin!.query(`CREATE TABLE accounts (id BIGINT PRIMARY KEY, name VARCHAR(100),
      mrr DECIMAL(10,2), created_at DATETIME, note TEXT)`);
    await admin!.query(`INSERT INTO accounts
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${ROWS})
      SELECT n, CONCAT('Account "', n, '"'), n % 50 + 0.25,
             TIMESTAMPADD(SECOND, n, '2024-01-01 00:00:00'), IF(n % 2 = 0, '', NULL) FROM seq`);
    f = await createComposerFixture({
      env: { ...FAST_JOBS_ENV, OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true' },
    });
    source = await f.createSource(f.dana, { type: 'mysql', name: 'Billing', config });
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    await admin!.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin!.query(`DROP USER IF EXISTS '${user}'@'%', '${user}'@'localhost'`);
    await admin!.end();
  });

  const test = async (body: object) => {
    const response = await f.call(f.dana, {
      method: 'POST',
      url: 'sources/test',
      payload: { type: 'mysql', config: body },
    });
    return response.json<{ data: TestResult }>().data;
  };

  it('reports a wrong password as such, and connects with the right one', async () => {
    expect(await test(config)).toEqual({ ok: true, message: 'Connected.' });
    // The default TLS mode, prefer, falls back to plain text on a server without TLS.
    expect(await test({ ...config, tlsMode: undefined })).toEqual({
      ok: true,
      message: 'Connected.',
    });
    const wrong = await test({ ...config, password: 'not-it' });
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toMatch(/^Authentication failed for user/);
    expect(wrong.message).not.toContain('not-it');
  });

  it('lists tables and streams a table into the warehouse with the exact row count', async () => {
    const tables = await f.call(f.dana, { method: 'GET', url: `sources/${source.id}/tables` });
    const accounts = tables.json<{ data: DiscoveredTable[] }>().data[0]!;
    expect(accounts.name).toBe('accounts');
    expect(accounts.columns.map((c) => c.name)).toEqual([
      'id',
      'name',
      'mrr',
      'created_at',
      'note',
    ]);
    await f.call(f.dana, {
      method: 'PATCH',
      url: `sources/${source.id}`,
      payload: { selectedTables: [{ name: 'accounts', cursorColumn: 'created_at' }] },
    });
    const sync = await syncNow(f, f.dana, source.id);
    expect(sync).toMatchObject({ status: 'succeeded', rowsRead: ROWS, rowsWritten: ROWS });
    const table = sync.tables[0]!.warehouseTable;
    expect(await countRows(f, table)).toBe(ROWS);
    const engine = f.t.app.warehouse.engine;
    const rows = await engine.query(f.danaOrg, {
      sql: `SELECT * FROM ${engine.dialect.table(f.danaOrg, table)} WHERE id IN (1, 2) ORDER BY id`,
      params: [],
    });
    expect(rows).toEqual([
      { id: 1, name: 'Account "1"', mrr: 1.25, created_at: '2024-01-01T00:00:01.000Z', note: null },
      { id: 2, name: 'Account "2"', mrr: 2.25, created_at: '2024-01-01T00:00:02.000Z', note: '' },
    ]);

    await admin!.query(
      `INSERT INTO ${database}.accounts VALUES (${ROWS + 1}, 'Late', 1, '2030-01-01 00:00:00', NULL)`,
    );
    const incremental = await syncNow(f, f.dana, source.id);
    expect(incremental.tables[0]).toMatchObject({ incremental: true, rows: 1 });
    expect(await countRows(f, table)).toBe(ROWS + 1);
  });
});
