import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SegmentColumn, Source, Sync } from '@revlane/contracts';
import { asUser } from '../../../../test/app.js';
import { PostgresConnector } from '../../../ingestion/connectors/postgres-connector.js';
import {
  ConnectorError,
  type ExtractedColumn,
  type ExtractOptions,
} from '../../../integrations/index.js';
import { FAST_JOBS_ENV } from '../../../../test/jobs.js';
import { createComposerFixture, type ComposerFixture } from './composer-fixture.js';
import { sourceMariaDb } from './source-mariadb.js';
import { createSourceDatabase, sourcePostgresUrl, type SourceDatabase } from './source-postgres.js';
import { syncNow, writeCsvSource } from './sync-helpers.js';

/**
 * Type-torture tables (docs/architecture.md §5.5): every value of every type family lands
 * as the source holds it, compared exactly, on both warehouses, after a full and after an
 * incremental run; what a type cannot hold lands empty and the run says so per column.
 */
const adminUrl = await sourcePostgresUrl('Exact-type tests of PostgreSQL sources');
const maria = await sourceMariaDb('Exact-type tests of MySQL sources');

/** A database connector's own step that tells the load and the run the extracted columns. */
interface Describing {
  describeColumns(columns: ExtractedColumn[], options: ExtractOptions): ExtractedColumn[];
}

const WAREHOUSES: [string, boolean][] = [
  ['DuckDB', true],
  ['PostgreSQL', adminUrl !== null],
];

const PG_TORTURE = `
  CREATE TYPE plan AS ENUM ('starter', 'growth');
  CREATE DOMAIN positive_money AS numeric(12,2) CHECK (VALUE >= 0);
  CREATE TABLE torture (
    id int PRIMARY KEY, mrr numeric(12,2), wide numeric(38,10), huge numeric(50,5),
    free numeric, edge numeric, cash money, tags text[], counts int8[], grid int[][], span interval,
    day date, at timestamptz, plain_at timestamp, plan plan, price positive_money,
    meta jsonb, doc json, flag boolean, ratio float8, big bigint, small smallint,
    period int4range, bits bit varying(8), raw bytea, "Account Owner" text,
    "unicodé_naïve" text, uid uuid, addr inet, net cidr, mac macaddr, spot point,
    words tsvector, page xml, clock time, clock_tz timetz, code char(5), label varchar(10),
    ratio4 real, ids int4[], spans int4multirange, last_at timestamptz);
  INSERT INTO torture VALUES
    (1, 0.1, 123456789012345678901234567.8901234567,
     12345678901234567890123456789012345678901234.56789, 0.1, 'Infinity', 1024.22,
     '{smb,"mid, market",NULL,"NULL","a\\"b"}', '{1,9223372036854775807}',
     '{{1,2},{3,4}}', '1 day 01:30:00', '2025-03-14', '2025-03-14 12:00:00+02',
     '2025-03-14 10:00:00.123', 'growth', 99.99, '{"tier": "gold", "n": 1}',
     '{"a":[1,2]}', true, 0.1, 9223372036854775807, -32768, '[1,10)', B'101',
     '\\xdeadbeef', 'Ann', 'naïve', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '192.168.0.1/24',
     '10.0.0.0/8', '08:00:2b:01:02:03', '(1.5,-2)', 'a fat cat', '<a href="x">b &amp; c</a>',
     '12:34:56.789', '12:00:00+02', 'ab', 'x y ', 0.1, '{-2147483648,NULL,2147483647}',
     '{[1,3),[5,7)}', '294276-12-31 23:59:59.999999+00'),
    (2, 0.2, -9999999999999999999999999999.9999999999, NULL, 'NaN', '-Infinity', NULL, '{}',
     NULL, NULL, '1 year 2 mons', 'infinity', '4713-11-24 00:00:00+00 BC',
     '294276-12-31 23:59:59', 'starter', 0, NULL, NULL, false, -0.5, -1, 0, 'empty',
     B'', '\\x', '', '', '00000000-0000-0000-0000-000000000000', '::ffff:10.0.0.1',
     '2001:db8::/32', '08002B010203', '(0,0)', '', '<r/>', '24:00:00', '23:59:59.999999-14:59',
     '', '', 3.4028235e+38, '{}', '{}', '9999-12-31 23:59:59+00'),
    (3, 0.7, NULL, NULL, 12345678901234567890.123456789, NULL, NULL, NULL, NULL, NULL, NULL,
     NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
     NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
     NULL, NULL);`;

const PG_ROWS = [
  {
    id: 1,
    mrr: 0.1,
    wide: '123456789012345678901234567.8901234567',
    huge: '12345678901234567890123456789012345678901234.56789',
    free: 0.1,
    edge: null,
    cash: 1024.22,
    tags: ['smb', 'mid, market', null, 'NULL', 'a"b'],
    counts: [1, '9223372036854775807'],
    grid: [
      [1, 2],
      [3, 4],
    ],
    span: 91_800,
    day: '2025-03-14',
    at: '2025-03-14T10:00:00.000Z',
    plain_at: '2025-03-14T10:00:00.123Z',
    plan: 'growth',
    price: 99.99,
    meta: { n: 1, tier: 'gold' },
    doc: { a: [1, 2] },
    flag: true,
    ratio: 0.1,
    big: '9223372036854775807',
    small: -32768,
    period: '[1,10)',
    bits: '101',
    raw: '\\xdeadbeef',
    account_owner: 'Ann',
    unicode_naive: 'naïve',
    uid: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
    addr: '192.168.0.1/24',
    net: '10.0.0.0/8',
    mac: '08:00:2b:01:02:03',
    spot: '(1.5,-2)',
    words: "'a' 'cat' 'fat'",
    page: '<a href="x">b &amp; c</a>',
    clock: '12:34:56.789',
    clock_tz: '12:00:00+02',
    code: 'ab   ',
    label: 'x y ',
    ratio4: 0.1,
    ids: [-2147483648, null, 2147483647],
    spans: '{[1,3),[5,7)}',
    // Beyond the year 9999: empty, and counted.
    last_at: null,
  },
  {
    id: 2,
    mrr: 0.2,
    wide: '-9999999999999999999999999999.9999999999',
    huge: null,
    free: null,
    edge: null,
    cash: null,
    tags: [],
    counts: null,
    grid: null,
    // 365.25 days and two months of 30 days, in seconds.
    span: 36_741_600,
    day: null,
    at: null,
    plain_at: null,
    plan: 'starter',
    price: 0,
    meta: null,
    doc: null,
    flag: false,
    ratio: -0.5,
    big: -1,
    small: 0,
    period: 'empty',
    bits: '',
    raw: '\\x',
    account_owner: '',
    unicode_naive: '',
    uid: '00000000-0000-0000-0000-000000000000',
    addr: '::ffff:10.0.0.1',
    net: '2001:db8::/32',
    mac: '08:00:2b:01:02:03',
    spot: '(0,0)',
    words: '',
    page: '<r/>',
    clock: '24:00:00',
    clock_tz: '23:59:59.999999-14:59',
    code: '     ',
    label: '',
    ratio4: 3.4028235e38,
    ids: [],
    spans: '{}',
    last_at: '9999-12-31T23:59:59.000Z',
  },
  {
    id: 3,
    mrr: 0.7,
    wide: null,
    huge: null,
    free: '12345678901234567890.123456789',
    ...Object.fromEntries(
      [
        'edge',
        'cash',
        'tags',
        'counts',
        'grid',
        'span',
        'day',
        'at',
        'plain_at',
        'plan',
        'price',
        'meta',
        'doc',
        'flag',
        'ratio',
        'big',
        'small',
        'period',
        'bits',
        'raw',
        'account_owner',
        'unicode_naive',
        'uid',
        'addr',
        'net',
        'mac',
        'spot',
        'words',
        'page',
        'clock',
        'clock_tz',
        'code',
        'label',
        'ratio4',
        'ids',
        'spans',
        'last_at',
      ].map((name) => [name, null]),
    ),
  },
];

const MARIA_TORTURE = `
  SET SESSION sql_mode = 'ALLOW_INVALID_DATES';
  SET SESSION time_zone = '+00:00';
  CREATE TABLE torture (
    id INT PRIMARY KEY, amount DECIMAL(38,10), wide DECIMAL(65,30), ubig BIGINT UNSIGNED,
    flag BIT(1), bits BIT(12), active TINYINT(1), level TINYINT(1), day DATE,
    at DATETIME(3), yr YEAR, tags SET('a','b','c'), kind ENUM('x','y'),
    emoji VARCHAR(20) CHARACTER SET utf8mb4, span TIME, ratio DOUBLE, mrr DECIMAL(12,2),
    seats MEDIUMINT UNSIGNED, raw VARBINARY(8), doc JSON, score FLOAT, due DATE,
    due_at DATETIME, ts TIMESTAMP(3) NULL, code CHAR(5), body TEXT, file BLOB, spot POINT,
    shape GEOMETRY, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u24 MEDIUMINT UNSIGNED,
    u32 INT UNSIGNED, price DECIMAL(10,2) UNSIGNED
  ) DEFAULT CHARSET = utf8mb4;
  INSERT INTO torture VALUES
    (1, -99999999.9999999999, 1.000000000000000000000000000001, 18446744073709551615,
     b'1', b'101010101010', 1, 2, '0000-00-00', '2024-02-29 12:34:56.789', 2024, 'a,c',
     'y', '😀 naïve', '838:59:59', 0.1, 0.1, 16777215, x'DEADBEEF', '{"tier": "gold"}', 1.5,
     '2024-02-30', '2023-04-31 08:00:00', '2038-01-19 03:14:07.999', 'ab',
     '𝄞 clef, "quoted"\nline', x'00FF10', ST_GeomFromText('POINT(1.5 -2)'),
     ST_GeomFromText('LINESTRING(0 0,1 1,2 0.5)'), 255, 65535, 16777215, 4294967295,
     99999999.99),
    (2, 1234567890123456789012345678.1234567890, NULL, 0, b'0', b'0', 0, 0, '2025-03-14',
     '0000-00-00 00:00:00', 1901, '', 'x', '', '-00:00:01', -0.5, 0.2, 0, x'', '[]', -0.25,
     '2024-02-29', '2024-02-29 23:59:59', '1970-01-01 00:00:01', '', '', x'',
     ST_GeomFromText('POINT(0 0)'), ST_GeomFromText('POLYGON((0 0,1 0,1 1,0 0))', 4326), 0, 0, 0, 0,
     0),
    (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
     NULL, NULL, 0.7, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
     NULL, NULL, NULL, NULL, NULL);`;

const MARIA_ROWS = [
  {
    id: 1,
    amount: '-99999999.9999999999',
    wide: '1.000000000000000000000000000001',
    ubig: '18446744073709551615',
    flag: true,
    bits: 2730,
    active: true,
    level: 2,
    day: null,
    at: '2024-02-29T12:34:56.789Z',
    yr: 2024,
    tags: ['a', 'c'],
    kind: 'y',
    emoji: '😀 naïve',
    span: '838:59:59',
    ratio: 0.1,
    mrr: 0.1,
    seats: 16_777_215,
    raw: '\\xdeadbeef',
    // MariaDB's JSON is a LONGTEXT with a json_valid check: JSON all the same.
    doc: { tier: 'gold' },
    score: 1.5,
    // February 30 and April 31, which ALLOW_INVALID_DATES lets a table hold.
    due: null,
    due_at: null,
    ts: '2038-01-19T03:14:07.999Z',
    // MySQL itself drops a CHAR's trailing spaces when it reads the value.
    code: 'ab',
    body: '𝄞 clef, "quoted"\nline',
    file: '\\x00ff10',
    spot: 'POINT(1.5 -2)',
    shape: 'LINESTRING(0 0,1 1,2 0.5)',
    u8: 255,
    u16: 65_535,
    u24: 16_777_215,
    u32: 4_294_967_295,
    price: 99_999_999.99,
  },
  {
    id: 2,
    amount: '1234567890123456789012345678.1234567890',
    wide: null,
    ubig: 0,
    flag: false,
    bits: 0,
    active: false,
    level: 0,
    day: '2025-03-14',
    at: null,
    yr: 1901,
    tags: [],
    kind: 'x',
    emoji: '',
    span: '-00:00:01',
    ratio: -0.5,
    mrr: 0.2,
    seats: 0,
    raw: '\\x',
    doc: [],
    score: -0.25,
    due: '2024-02-29',
    due_at: '2024-02-29T23:59:59.000Z',
    ts: '1970-01-01T00:00:01.000Z',
    code: '',
    body: '',
    file: '\\x',
    spot: 'POINT(0 0)',
    shape: 'SRID=4326;POLYGON((0 0,1 0,1 1,0 0))',
    u8: 0,
    u16: 0,
    u24: 0,
    u32: 0,
    price: 0,
  },
  {
    id: 3,
    ...Object.fromEntries(
      Object.keys({
        amount: 0,
        wide: 0,
        ubig: 0,
        flag: 0,
        bits: 0,
        active: 0,
        level: 0,
        day: 0,
        at: 0,
        yr: 0,
        tags: 0,
        kind: 0,
        emoji: 0,
        span: 0,
        ratio: 0,
        seats: 0,
        raw: 0,
        doc: 0,
        score: 0,
        due: 0,
        due_at: 0,
        ts: 0,
        code: 0,
        body: 0,
        file: 0,
        spot: 0,
        shape: 0,
        u8: 0,
        u16: 0,
        u24: 0,
        u32: 0,
        price: 0,
      }).map((name) => [name, null]),
    ),
    mrr: 0.7,
  },
];

describe.each(WAREHOUSES.filter(([, runs]) => runs))(
  'exact landing on the %s warehouse',
  (name) => {
    const onPostgres = name === 'PostgreSQL';
    let f: ComposerFixture;
    let warehouseDb: SourceDatabase | null = null;

    beforeAll(async () => {
      if (onPostgres) warehouseDb = await createSourceDatabase(adminUrl!);
      f = await createComposerFixture({
        env: {
          ...FAST_JOBS_ENV,
          OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true',
          ...(warehouseDb ? { WAREHOUSE_URL: warehouseDb.url.toString() } : {}),
        },
      });
    }, 60_000);
    afterAll(async () => {
      await f?.close();
      await warehouseDb?.drop();
    });

    const landedRows = async (sync: Sync) => {
      const engine = f.t.app.warehouse.engine;
      const table = engine.dialect.table(f.danaOrg, sync.tables[0]!.warehouseTable);
      return engine.query(f.danaOrg, { sql: `SELECT * FROM ${table} ORDER BY 1`, params: [] });
    };
    const mrrSum = async (sync: Sync) => {
      const engine = f.t.app.warehouse.engine;
      const table = engine.dialect.table(f.danaOrg, sync.tables[0]!.warehouseTable);
      const [row] = await engine.query(f.danaOrg, {
        sql: `SELECT sum(mrr) AS total FROM ${table}`,
        params: [],
      });
      return row?.total;
    };
    const select = (source: Source, table: object) =>
      f.call(f.dana, {
        method: 'PATCH',
        url: `sources/${source.id}`,
        payload: { selectedTables: [table] },
      });

    describe.skipIf(!adminUrl)('from PostgreSQL', () => {
      let remote: SourceDatabase;
      let source: Source;
      beforeAll(async () => {
        remote = await createSourceDatabase(adminUrl!);
        await remote.run(PG_TORTURE);
        source = await f.createSource(f.dana, {
          type: 'postgres',
          name: 'Types',
          config: remote.sourceConfig,
        });
      });
      afterAll(() => remote?.drop());

      it('lands every value exactly, says what it could not keep, and again incrementally', async () => {
        expect((await select(source, { name: 'torture', cursorColumn: 'id' })).statusCode).toBe(
          200,
        );
        const sync = await syncNow(f, f.dana, source.id);
        expect(sync.status).toBe('succeeded');
        expect(await landedRows(sync)).toEqual(PG_ROWS);
        expect(sync.warnings).toEqual([
          expect.objectContaining({ table: 'torture', column: 'huge', count: 1 }),
          {
            table: 'torture',
            column: 'free',
            count: 1,
            example: 'NaN',
            message: '1 value NaN or Infinity, which a decimal cannot hold, landed empty',
          },
          // ±Infinity (PostgreSQL 14 on); the example is either, by the collation's order.
          expect.objectContaining({
            table: 'torture',
            column: 'edge',
            count: 2,
            message: '2 values NaN or Infinity, which a decimal cannot hold, landed empty',
          }),
          expect.objectContaining({ column: 'day', count: 1, example: 'infinity' }),
          expect.objectContaining({ column: 'at', count: 1 }),
          expect.objectContaining({ column: 'plain_at', count: 1 }),
          // timestamptz at the upper end of its range, beyond what both warehouses hold.
          {
            table: 'torture',
            column: 'last_at',
            count: 1,
            example: '294276-12-31 23:59:59.999999+00',
            message:
              '1 value outside the years 1 to 9999 (infinity, a date before Christ) landed empty',
          },
        ]);
        const columns = sync.tables[0]!.columns!;
        expect(columns.find((c) => c.name === 'Account Owner')).toMatchObject({
          warehouseName: 'account_owner',
          landedAs: 'text',
        });
        // The label users see is the source's own name, accents and all.
        expect(columns.find((c) => c.name === 'unicodé_naïve')).toMatchObject({
          warehouseName: 'unicode_naive',
          landedAs: 'text',
        });
        expect(Object.fromEntries(columns.map((c) => [c.name, c.landedAs]))).toMatchObject({
          uid: 'text',
          addr: 'text',
          net: 'text',
          mac: 'text',
          spot: 'text',
          words: 'text',
          page: 'text',
          clock: 'text',
          clock_tz: 'text',
          code: 'text',
          label: 'text',
          ratio4: 'double',
          ids: 'bigint_list',
          spans: 'text',
          last_at: 'timestamp',
        });
        expect(columns.find((c) => c.name === 'raw')?.note).toMatch(/^bytes: landed as hex text/);
        expect(columns.find((c) => c.name === 'wide')?.landedAs).toBe('decimal(38,10)');
        expect(columns.find((c) => c.name === 'free')?.landedAs).toBe('decimal(38,9)');
        expect(columns.find((c) => c.name === 'tags')?.landedAs).toBe('text_list');
        expect(columns.find((c) => c.name === 'cash')?.note).toMatch(/^money/);
        expect(columns.find((c) => c.name === 'span')?.note).toMatch(/seconds/);

        // Sums of exact decimals are exact: 0.1 + 0.2 + 0.7 is 1, not 0.9999999999999999.
        expect(await mrrSum(sync)).toBe(1);

        await remote.run(`INSERT INTO torture (id, mrr, free, tags, day)
          VALUES (4, 12.5, 0.000000001, '{x}', '2000-01-01')`);
        const again = await syncNow(f, f.dana, source.id);
        expect(again.tables[0]).toMatchObject({ incremental: true, rows: 1 });
        const rows = await landedRows(again);
        expect(rows.slice(0, 3)).toEqual(PG_ROWS);
        // A number JavaScript would print in exponent form stays its text.
        expect(rows[3]).toMatchObject({
          id: 4,
          mrr: 12.5,
          free: '0.000000001',
          tags: ['x'],
          day: '2000-01-01',
        });
        expect(again.warnings).toEqual([]);
        const card = async () =>
          (await f.call(f.dana, { method: 'GET', url: `sources/${source.id}` })).json<{
            data: Source;
          }>().data.rowsInWarehouse;
        // The card counts the warehouse's rows, not the run's (docs/architecture.md §5.5).
        expect(await card()).toBe(4);
        const unchanged = await syncNow(f, f.dana, source.id);
        expect(unchanged.status).toBe('succeeded');
        expect(unchanged.tables[0]).toMatchObject({ incremental: true, rows: 0 });
        expect(await landedRows(unchanged)).toHaveLength(4);
        expect(await card()).toBe(4);
      });

      it('maps a path inside JSON and a list as segment columns, filtered by item', async () => {
        const mapping = {
          accounts: {
            sourceId: source.id,
            table: 'torture',
            columns: { id: 'id', name: 'plan' },
            attributes: ['meta.tier', 'tags', 'counts', 'Account Owner', 'unicodé_naïve'],
          },
          users: { sourceId: source.id, table: 'torture', columns: { id: 'id' } },
        };
        const saved = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: mapping });
        expect(saved.statusCode, saved.body).toBe(200);
        const started = await f.call(f.dana, { method: 'POST', url: 'mapping/publish' });
        const { id } = started.json<{ data: { id: string } }>().data;
        let status = 'queued';
        while (status === 'queued' || status === 'running') {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const run = await f.call(f.dana, { method: 'GET', url: `mapping/runs/${id}` });
          status = run.json<{ data: { status: string } }>().data.status;
        }
        expect(status).toBe('succeeded');
        const liveOps = (url: string) =>
          f.t.app.inject(asUser(f.dana, { method: 'GET', url: `/live-ops/api/v1/${url}` }));
        const columns = (await liveOps('segments/tables/accounts/columns')).json<{
          data: SegmentColumn[];
        }>().data;
        expect(columns.find((c) => c.name === 'meta_tier')).toMatchObject({
          label: 'meta.tier',
          dataType: 'enum',
          options: ['gold'],
        });
        expect(columns.find((c) => c.name === 'tags')).toMatchObject({ dataType: 'list' });
        // The source's own name is the label; the warehouse name is a safe identifier.
        expect(columns.find((c) => c.name === 'account_owner')?.label).toBe('Account Owner');
        expect(columns.find((c) => c.name === 'unicode_naive')?.label).toBe('unicodé_naïve');
        const engine = f.t.app.warehouse.engine;
        const rows = await engine.query(f.danaOrg, {
          sql: `SELECT id, meta_tier, tags FROM ${engine.dialect.table(f.danaOrg, 'accounts')}
            WHERE ${'CAST(tags AS TEXT[])'} && CAST(ARRAY['mid, market'] AS TEXT[]) ORDER BY id`,
          params: [],
        });
        expect(rows).toEqual([
          { id: '1', meta_tier: 'gold', tags: ['smb', 'mid, market', null, 'NULL', 'a"b'] },
        ]);

        // Lists travel through the segment table's and the record page's responses.
        const segments = (await liveOps('segments/me')).json<{
          data: { id: string; name: string }[];
        }>().data;
        const accounts = segments.find((segment) => segment.name === 'All accounts')!;
        const page = await liveOps(
          `segments/${accounts.id}/data?${new URLSearchParams({
            columns: JSON.stringify(['id', 'tags', 'counts']),
            filters: JSON.stringify([{ field: 'id', operator: 'eq', value: '1' }]),
          }).toString()}`,
        );
        expect(page.statusCode, page.body).toBe(200);
        const lists = {
          tags: PG_ROWS[0]!.tags,
          counts: [1, '9223372036854775807'],
        };
        expect(page.json<{ data: { rows: unknown[] } }>().data.rows).toEqual([
          { id: '1', ...lists },
        ]);
        const record = await liveOps('accounts/1');
        expect(record.statusCode, record.body).toBe(200);
        expect(record.json<{ data: { record: object } }>().data.record).toMatchObject(lists);
      });

      it('refuses a selection naming what the source lacks, and leaves columns out', async () => {
        const refused = async (table: object) => {
          const response = await select(source, table);
          expect(response.statusCode).toBe(400);
          return response.json<{ errors: { path: string }[] }>().errors[0]!.path;
        };
        expect(await refused({ name: 'nope' })).toBe('selectedTables[0].name');
        expect(await refused({ name: 'torture', cursorColumn: 'nope' })).toBe(
          'selectedTables[0].cursorColumn',
        );
        expect(await refused({ name: 'torture', excludeColumns: ['id', 'nope'] })).toBe(
          'selectedTables[0].excludeColumns[1]',
        );
        expect(await refused({ name: 'torture', cursorColumn: 'id', excludeColumns: ['id'] })).toBe(
          'selectedTables[0].cursorColumn',
        );
        const left = await select(source, { name: 'torture', excludeColumns: ['huge', 'raw'] });
        expect(left.statusCode).toBe(200);
        const sync = await syncNow(f, f.dana, source.id);
        const [first] = await landedRows(sync);
        expect(Object.keys(first!)).not.toContain('huge');
        expect(Object.keys(first!)).not.toContain('raw');
        expect(first).toMatchObject({ id: 1, wide: PG_ROWS[0]!.wide });
        expect(sync.tables[0]!.rows).toBe(4);
        const card = await f.call(f.dana, { method: 'GET', url: `sources/${source.id}` });
        expect(card.json<{ data: Source }>().data.rowsInWarehouse).toBe(4);
      });

      it('tests the saved connection, or the edit form’s changes without saving them', async () => {
        const test = async (payload?: object) => {
          const response = await f.call(f.dana, {
            method: 'POST',
            url: `sources/${source.id}/test`,
            ...(payload ? { payload } : {}),
          });
          if (response.statusCode !== 200) throw new Error(response.body);
          return response.json<{ data: { ok: boolean; message: string } }>().data;
        };
        expect(await test()).toEqual({ ok: true, message: 'Connected.' });
        expect(await test({ config: { database: 'nope' } })).toEqual({
          ok: false,
          message: 'Database "nope" does not exist.',
        });
        const bad = await f.call(f.dana, {
          method: 'POST',
          url: `sources/${source.id}/test`,
          payload: { config: { port: 'x' } },
        });
        expect(bad.statusCode).toBe(400);
        // Nothing saved: the source still connects.
        expect(await test({})).toEqual({ ok: true, message: 'Connected.' });
      });

      it.skipIf(onPostgres)('retries a network fault: the attempts are counted', async () => {
        await select(source, { name: 'torture' });
        const extract = vi.spyOn(PostgresConnector.prototype, 'extract');
        extract.mockRejectedValueOnce(new ConnectorError('remote', 'Connection reset'));
        try {
          const sync = await syncNow(f, f.dana, source.id);
          expect(sync.status).toBe('succeeded');
          expect(extract).toHaveBeenCalledTimes(2);
        } finally {
          extract.mockRestore();
        }
      });

      it('fails a run at once on a deterministic error (no retries)', async () => {
        await select(source, { name: 'torture' });
        // A conversion the warehouse refuses: the extract says "Account Owner" (text) is a
        // bigint. The error names the column as the source does, the table, and what to do.
        const misread = (columns: ExtractedColumn[]) =>
          columns.map((column) =>
            column.name === 'Account Owner' ? { ...column, type: 'bigint' as const } : column,
          );
        // What the connector describes (to the load, before the rows, and in its result).
        const described = vi
          .spyOn(PostgresConnector.prototype as unknown as Describing, 'describeColumns')
          .mockImplementation((columns, options) => {
            const wrong = misread(columns);
            options.onColumns?.(wrong);
            return wrong;
          });
        const extract = vi.spyOn(PostgresConnector.prototype, 'extract');
        try {
          const sync = await syncNow(f, f.dana, source.id);
          expect(sync.status).toBe('failed');
          expect(sync.error).toBe(
            `Column "Account Owner" of table "torture" could not be loaded: ${
              onPostgres
                ? 'invalid input syntax for type bigint: "Ann".'
                : `Could not convert string "Ann" to 'BIGINT'.`
            } Leave the column out in the source’s settings, or fix the value at the source.`,
          );
          expect(extract).toHaveBeenCalledTimes(1);
        } finally {
          described.mockRestore();
          extract.mockRestore();
        }

        // A missing table, once too.
        await remote.run('DROP TABLE torture');
        const counted = vi.spyOn(PostgresConnector.prototype, 'extract');
        try {
          const sync = await syncNow(f, f.dana, source.id);
          expect(sync.status).toBe('failed');
          expect(sync.error).toBe('Table "torture" not found in public');
          expect(counted).toHaveBeenCalledTimes(1);
        } finally {
          counted.mockRestore();
        }
      });
    });

    describe.skipIf(!maria)('from MariaDB', () => {
      const database = `exact_types_${name.toLowerCase()}_${process.pid}`;
      let source: Source;
      beforeAll(async () => {
        await maria!.query(`DROP DATABASE IF EXISTS ${database}; CREATE DATABASE ${database}`);
        await maria!.query(`USE ${database}; ${MARIA_TORTURE}`);
        source = await f.createSource(f.dana, {
          type: 'mysql',
          name: 'Types',
          config: { host: '127.0.0.1', port: 3306, database, user: 'root', tlsMode: 'disable' },
        });
      });
      afterAll(async () => {
        await maria?.query(`DROP DATABASE IF EXISTS ${database}`);
      });

      it('lands every value exactly and counts zero and invalid dates per column', async () => {
        await select(source, { name: 'torture', cursorColumn: 'id', primaryKey: 'id' });
        const sync = await syncNow(f, f.dana, source.id);
        expect(sync.status).toBe('succeeded');
        expect(await landedRows(sync)).toEqual(MARIA_ROWS);
        expect(sync.warnings).toEqual([
          expect.objectContaining({ column: 'wide', count: 1 }),
          {
            table: 'torture',
            column: 'day',
            count: 1,
            example: '0000-00-00',
            message: '1 zero date landed empty',
          },
          expect.objectContaining({ column: 'at', count: 1, example: '0000-00-00 00:00:00.000' }),
          {
            table: 'torture',
            column: 'due',
            count: 1,
            example: '2024-02-30',
            message: '1 invalid date landed empty',
          },
          expect.objectContaining({ column: 'due_at', count: 1, example: '2023-04-31 08:00:00' }),
        ]);
        const columns = sync.tables[0]!.columns!;
        expect(columns.map((c) => c.landedAs)).toEqual([
          'bigint',
          'decimal(38,10)',
          'text',
          'decimal(20,0)',
          'boolean',
          'bigint',
          'boolean',
          'bigint',
          'date',
          'timestamp',
          'bigint',
          'text_list',
          'text',
          'text',
          'text',
          'double',
          'decimal(12,2)',
          'bigint',
          'text',
          'json',
          'double',
          'date',
          'timestamp',
          'timestamp',
          'text',
          'text',
          'text',
          'text',
          'text',
          'bigint',
          'bigint',
          'bigint',
          'bigint',
          'decimal(10,2)',
        ]);
        expect(columns.find((c) => c.name === 'file')?.note).toMatch(/^bytes: landed as hex text/);
        expect(columns.find((c) => c.name === 'shape')?.note).toMatch(
          /^geometry: landed as its WKT/,
        );
        // Sums of exact decimals are exact on this source too.
        expect(await mrrSum(sync)).toBe(1);

        await maria!.query(`INSERT INTO ${database}.torture (id, amount, day)
          VALUES (4, 0.0000000001, '2001-02-03')`);
        const again = await syncNow(f, f.dana, source.id);
        expect(again.tables[0]).toMatchObject({ incremental: true, rows: 1 });
        const rows = await landedRows(again);
        expect(rows.slice(0, 3)).toEqual(MARIA_ROWS);
        expect(rows[3]).toMatchObject({ id: 4, amount: '0.0000000001', day: '2001-02-03' });
      });
    });

    describe('from a CSV file', () => {
      it('keeps a quoted empty field apart from an empty one, and reads US dates', async () => {
        const source = await f.createSource(f.dana, {
          type: 'csv',
          name: 'Leads',
          config: { fileName: 'leads.csv' },
        });
        // csv-spectrum's cases too: CRLF line ends, a quoted line feed and comma, escaped
        // quotes, 4-byte UTF-8, a byte order mark.
        writeCsvSource(
          f,
          source.id,
          '\uFEFFid,name,signup,amount,Account Owner\r\n' +
            '1,"",3/14/2025,12.5,Ann\r\n' +
            '2,,12/1/2024,7,"Bob ""B"""\r\n' +
            '3,"x",1/2/2025,,\r\n' +
            '4,"line\nbreak, and comma",2/28/2024,0.25,"😀 naïve"\r\n',
        );
        const sync = await syncNow(f, f.dana, source.id);
        expect(sync.status).toBe('succeeded');
        expect(await landedRows(sync)).toEqual([
          { id: 1, name: '', signup: '2025-03-14', amount: 12.5, account_owner: 'Ann' },
          { id: 2, name: null, signup: '2024-12-01', amount: 7, account_owner: 'Bob "B"' },
          { id: 3, name: 'x', signup: '2025-01-02', amount: null, account_owner: null },
          {
            id: 4,
            name: 'line\nbreak, and comma',
            signup: '2024-02-28',
            amount: 0.25,
            account_owner: '😀 naïve',
          },
        ]);
        expect(sync.tables[0]!.columns!.find((c) => c.name === 'signup')).toMatchObject({
          landedAs: 'date',
          note: 'every value read as %m/%d/%Y',
        });
      });
    });
  },
);
