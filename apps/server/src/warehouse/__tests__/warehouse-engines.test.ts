import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBWarehouse } from '../duckdb/duckdb-warehouse.js';
import type { ColumnBatch, TableSchema } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { TEST_ENGINES, newOrgId } from './engines.js';

const ALL_TYPES: TableSchema = {
  name: 'typed',
  primaryKey: 'id',
  columns: [
    { name: 'id', type: 'integer' },
    { name: 'label', type: 'text' },
    { name: 'amount', type: 'decimal' },
    { name: 'flag', type: 'boolean' },
    { name: 'at', type: 'timestamp' },
    { name: 'payload', type: 'json' },
    { name: 'daily', type: 'integer_list' },
  ],
};

// prettier-ignore
const TYPED_ROWS = [
  [1, 'tab\there, new\nline \\ back', 1234.5, true, Date.UTC(2024, 0, 2, 3, 4, 5, 678), '{"a":[1,2],"b":"x"}', [1, 0, 2]],
  [2, null, null, null, null, null, null],
  [3, '', 0.1, false, Date.UTC(1999, 11, 31, 23, 59, 59, 999), 'null', []],
];

const columnsOf = (rows: unknown[][]): ColumnBatch => ({
  rowCount: rows.length,
  columns: rows[0]!.map((_, column) => rows.map((row) => row[column])),
});

const numbers = (name: string, from: number, to: number): TableSchema & { batch: ColumnBatch } => ({
  name,
  columns: [{ name: 'n', type: 'integer' }],
  batch: { rowCount: to - from, columns: [Array.from({ length: to - from }, (_, i) => from + i)] },
});

async function loadAndSwap(
  warehouse: Warehouse,
  orgId: string,
  tables: ReturnType<typeof numbers>[],
) {
  for (const table of tables) {
    const next = { ...table, name: `${table.name}__next` };
    await warehouse.createTable(orgId, next);
    await warehouse.bulkLoad(orgId, next, [table.batch]);
  }
  await warehouse.swapTables(
    orgId,
    tables.map((table) => table.name),
  );
}

describe.each(TEST_ENGINES)('Warehouse on $name', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();
  const otherOrg = newOrgId();
  const table = (name: string, org = orgId) => warehouse.dialect.table(org, name);

  beforeAll(() => ({ warehouse, cleanup } = engine.open()));
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await warehouse.dropOrganization(otherOrg);
    await cleanup();
  });

  it('bulk-loads every logical type and reads back the same JS values', async () => {
    await warehouse.createTable(orgId, ALL_TYPES);
    expect(await warehouse.bulkLoad(orgId, ALL_TYPES, [columnsOf(TYPED_ROWS)])).toBe(3);
    const rows = await warehouse.query(orgId, {
      sql: `SELECT * FROM ${table('typed')} ORDER BY id`,
      params: [],
    });
    expect(rows).toEqual([
      {
        id: 1,
        label: 'tab\there, new\nline \\ back',
        amount: 1234.5,
        flag: true,
        at: '2024-01-02T03:04:05.678Z',
        payload: { a: [1, 2], b: 'x' },
        daily: [1, 0, 2],
      },
      { id: 2, label: null, amount: null, flag: null, at: null, payload: null, daily: null },
      {
        id: 3,
        label: '',
        amount: 0.1,
        flag: false,
        at: '1999-12-31T23:59:59.999Z',
        payload: null,
        daily: [],
      },
    ]);
  });

  it('converts driver types alike: 64-bit integers, sums, decimals, counts', async () => {
    const [row] = await warehouse.query(orgId, {
      sql: `SELECT CAST(9007199254740993 AS BIGINT) AS big, CAST(42 AS BIGINT) AS small, COUNT(*) AS rows,
        SUM(id) AS ids, SUM(amount) AS amounts, CAST($1 AS DOUBLE PRECISION) AS bound, $2 AS text
        FROM ${table('typed')}`,
      params: [2.5, "it's"],
    });
    expect(row).toEqual({
      big: '9007199254740993',
      small: 42,
      rows: 3,
      ids: 6,
      amounts: 1234.6,
      bound: 2.5,
      text: "it's",
    });
  });

  it('streams in batches of the asked size, in order, and frees the connection on early exit', async () => {
    const big = numbers('many', 0, 5000);
    await warehouse.createTable(orgId, big);
    await warehouse.bulkLoad(orgId, big, [big.batch]);
    const query = { sql: `SELECT n FROM ${table('many')} WHERE n >= $1 ORDER BY n`, params: [10] };
    const sizes: number[] = [];
    let expected = 10;
    for await (const batch of warehouse.stream(orgId, query, { batchSize: 1000 })) {
      sizes.push(batch.length);
      for (const row of batch) expect(row.n).toBe(expected++);
    }
    expect(sizes).toEqual([1000, 1000, 1000, 1000, 990]);
    // More early exits than the PostgreSQL pool has connections: a leak would hang here.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      for await (const batch of warehouse.stream(orgId, query, { batchSize: 10 })) {
        expect(batch).toHaveLength(10);
        break;
      }
    }
    expect(
      await warehouse.query(orgId, {
        sql: `SELECT COUNT(*) AS c FROM ${table('many')}`,
        params: [],
      }),
    ).toEqual([{ c: 5000 }]);
  });

  it('swaps tables atomically: concurrent readers see old or new, never missing or partial', async () => {
    await loadAndSwap(warehouse, orgId, [numbers('left', 0, 1000), numbers('right', 0, 1000)]);
    const seen = new Set<string>();
    const read = async () => {
      const [row] = await warehouse.query(orgId, {
        sql: `SELECT (SELECT COUNT(*) FROM ${table('left')}) AS l, (SELECT COUNT(*) FROM ${table('right')}) AS r`,
        params: [],
      });
      return `${Number(row!.l)}/${Number(row!.r)}`;
    };
    let stop = false;
    let reads = 0;
    const reader = (async () => {
      while (!stop) {
        seen.add(await read());
        reads += 1;
      }
    })();
    for (let load = 1; load <= 8; load += 1) {
      await loadAndSwap(warehouse, orgId, [
        numbers('left', 0, 1000 + load),
        numbers('right', 0, 1000 + load),
      ]);
    }
    stop = true;
    await reader;
    expect(reads).toBeGreaterThan(3);
    for (const pair of seen) expect(pair).toMatch(/^(10\d\d)\/\1$/);
    expect(await read()).toBe('1008/1008');
    expect(await warehouse.hasTable(orgId, 'left__next')).toBe(false);
  });

  it('runs statements in one transaction: a failure leaves nothing behind', async () => {
    const statements = [
      { sql: `INSERT INTO ${table('many')} (n) VALUES ($1)`, params: [-1] },
      { sql: `INSERT INTO ${table('no_such_table')} (n) VALUES (1)`, params: [] },
    ];
    await expect(warehouse.execute(orgId, statements)).rejects.toThrow();
    const rows = await warehouse.query(orgId, {
      sql: `SELECT COUNT(*) AS c FROM ${table('many')} WHERE n < 0`,
      params: [],
    });
    expect(rows).toEqual([{ c: 0 }]);
  });

  it('keeps organizations apart and drops one without touching the other', async () => {
    await loadAndSwap(warehouse, otherOrg, [numbers('left', 0, 3)]);
    const count = (org: string) =>
      warehouse.query(org, { sql: `SELECT COUNT(*) AS c FROM ${table('left', org)}`, params: [] });
    expect(await count(otherOrg)).toEqual([{ c: 3 }]);
    expect(await count(orgId)).toEqual([{ c: 1008 }]);
    await warehouse.dropOrganization(otherOrg);
    expect(await warehouse.hasTable(otherOrg, 'left')).toBe(false);
    expect(await warehouse.hasTable(orgId, 'left')).toBe(true);
    if (warehouse instanceof DuckDBWarehouse)
      expect(existsSync(warehouse.fileOf(otherOrg)!)).toBe(false);
  });
});
