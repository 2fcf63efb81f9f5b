import { BASE_TABLES, type BaseTable } from '@revlane/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, newOrgId } from '../../__tests__/engines.js';
import { AS_OF, handMadeBatches } from '../../__tests__/hand-made-data.js';
import { getCatalogue } from '../../catalogue/columns.js';
import { compileSeriesQuery } from '../../compiler/compile-series-query.js';
import { loadDemoData } from '../../demo/load-demo-data.js';
import type { Warehouse } from '../../engine/warehouse.js';
import { loadCanonicalData } from '../../loading/load-canonical-data.js';
import { withAsOfSeriesTables } from '../with-as-of-series-tables.js';
import { withOneDayAsOfTables } from './one-day-as-of-tables.js';

const DAY_MS = 86_400_000;
const AS_OF_DAY = Math.floor(AS_OF / DAY_MS) * DAY_MS;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/**
 * Days around every edge of the hand-made events (before any event, both sides of the 7-
 * and 30-day windows, after AS_OF), not consecutive, so the grid and its gaps are covered.
 */
const EDGE_DAYS = [
  '2023-12-31',
  '2024-01-01',
  '2024-05-16',
  '2024-05-17',
  '2024-06-08',
  '2024-06-09',
  '2024-06-14',
  '2024-06-15',
  '2024-06-16',
].map(day);

/** Every catalogue column but the sparkline, which series tables leave NULL. */
const comparedColumns = (table: BaseTable) =>
  getCatalogue(table)
    .filter((column) => column.dataType !== 'timeseries')
    .map((column) => `"${column.name}"`)
    .join(', ');

describe.each(TEST_ENGINES)('as-of series tables on $name', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const handMadeOrg = newOrgId();
  const demoOrg = newOrgId();

  const rowsOf = (orgId: string, table: BaseTable, sourceTable: string, asOfDay?: number) =>
    warehouse.query(orgId, {
      sql:
        `SELECT ${comparedColumns(table)} FROM ${warehouse.dialect.table(orgId, sourceTable)} ` +
        `${asOfDay === undefined ? '' : 'WHERE as_of_day = CAST($1 AS TIMESTAMP)'} ORDER BY id`,
      params: asOfDay === undefined ? [] : [new Date(asOfDay).toISOString()],
    });

  /** Each day's series rows equal the one-day as-of build of that day, on both tables. */
  async function expectSeriesEqualsOneDayBuilds(orgId: string, days: readonly number[]) {
    await withAsOfSeriesTables(warehouse, orgId, days, BASE_TABLES, async (series) => {
      for (const asOfDay of days) {
        await withOneDayAsOfTables(warehouse, orgId, asOfDay + DAY_MS - 1, async (oneDay) => {
          for (const table of ['accounts', 'users'] as const) {
            const expected = await rowsOf(orgId, table, oneDay[table]);
            expect(expected.length).toBeGreaterThan(0);
            const actual = await rowsOf(orgId, table, series[table], asOfDay);
            expect(actual, `${table} as of ${new Date(asOfDay).toISOString()}`).toEqual(expected);
          }
        });
      }
    });
  }

  beforeAll(async () => {
    ({ warehouse, cleanup } = engine.open());
    await loadCanonicalData(warehouse, handMadeOrg, handMadeBatches(), { asOf: AS_OF });
    const now = Date.UTC(2024, 5, 15, 12);
    await loadDemoData(warehouse, demoOrg, { accounts: 30, users: 150, events: 3_000, now });
  });
  afterAll(async () => {
    await warehouse.dropOrganization(handMadeOrg);
    await warehouse.dropOrganization(demoOrg);
    await cleanup();
  });

  it('equals the one-day build of each day on the hand-made edges', async () => {
    await expectSeriesEqualsOneDayBuilds(handMadeOrg, EDGE_DAYS);
  });

  it('equals the one-day build of each of 10 consecutive days of demo data', async () => {
    const days = Array.from({ length: 10 }, (_, index) => AS_OF_DAY - (9 - index) * DAY_MS);
    await expectSeriesEqualsOneDayBuilds(demoOrg, days);
  });

  it('counts and lists the matching ids per as-of day through the compiler', async () => {
    // 06-09: only u1 was active in the 7 days (06-08 23:59:59 and 06-09 00:00); 06-15: u1
    // and u3; 06-01: nobody, so that day has no count row.
    const days = [day('2024-06-01'), day('2024-06-09'), AS_OF_DAY];
    const filters = [{ field: 'events_7d', operator: 'gt', value: 0 }];
    const series = withAsOfSeriesTables(warehouse, handMadeOrg, days, ['users'], async (t) => {
      const compiled = compileSeriesQuery(
        { orgId: handMadeOrg, table: 'users', filters, sourceTable: t.users },
        warehouse.dialect,
      );
      return {
        counts: await warehouse.query(handMadeOrg, compiled.countsByDayQuery),
        ids: await warehouse.query(handMadeOrg, compiled.idsByDayQuery),
      };
    });
    const { counts, ids } = await series;
    const byDay = (rows: typeof counts, value: (row: (typeof rows)[number]) => unknown) =>
      rows
        .map((row) => [row.as_of_day, value(row)])
        .sort((a, b) => String(a).localeCompare(String(b)));
    expect(byDay(counts, (row) => Number(row.total))).toEqual([
      ['2024-06-09T00:00:00.000Z', 1],
      ['2024-06-15T00:00:00.000Z', 2],
    ]);
    expect(byDay(ids, (row) => row.id)).toEqual([
      ['2024-06-09T00:00:00.000Z', 'u1'],
      ['2024-06-15T00:00:00.000Z', 'u1'],
      ['2024-06-15T00:00:00.000Z', 'u3'],
    ]);
  });

  it('evaluates relative dates as of each day of the series (docs/product.md §5.1)', async () => {
    // Created on the as-of day or the one before: u3 (06-01 23:59:59) as of 06-01, u4 (06-02)
    // and u5 (06-03) as of 06-03, nobody as of 06-15.
    const days = [day('2024-06-01'), day('2024-06-03'), AS_OF_DAY];
    const filters = [{ field: 'created_at', operator: 'last_n_days', value: 1 }];
    const ids = await withAsOfSeriesTables(warehouse, handMadeOrg, days, ['users'], (t) =>
      warehouse.query(
        handMadeOrg,
        compileSeriesQuery(
          { orgId: handMadeOrg, table: 'users', filters, sourceTable: t.users },
          warehouse.dialect,
        ).idsByDayQuery,
      ),
    );
    expect(ids.map((row) => [row.as_of_day, row.id]).sort()).toEqual([
      ['2024-06-01T00:00:00.000Z', 'u3'],
      ['2024-06-03T00:00:00.000Z', 'u4'],
      ['2024-06-03T00:00:00.000Z', 'u5'],
    ]);
  });

  /** Every scratch series table or view of the organization, by name. */
  const seriesRelations = async (orgId: string) => {
    const rows = await warehouse.query(orgId, {
      sql:
        warehouse.dialect.name === 'duckdb'
          ? "SELECT table_name AS name FROM duckdb_tables() WHERE table_name LIKE '%series%' " +
            "UNION ALL SELECT view_name FROM duckdb_views() WHERE view_name LIKE '%series%'"
          : // information_schema.tables lists views too.
            "SELECT table_name AS name FROM information_schema.tables WHERE table_name LIKE '%series%'",
      params: [],
    });
    return rows.map((row) => row.name as string).sort();
  };

  it('drops its scratch tables and views after fn, and also when fn throws', async () => {
    let seen: Record<BaseTable, string> | undefined;
    await withAsOfSeriesTables(warehouse, handMadeOrg, [AS_OF_DAY], BASE_TABLES, async (tables) => {
      seen = tables;
      expect(await seriesRelations(handMadeOrg)).toEqual(
        expect.arrayContaining([tables.accounts, tables.users]),
      );
    });
    expect(seen!.users).toMatch(/^segment_users__series_[0-9a-f]{16}$/);
    expect(await seriesRelations(handMadeOrg)).toEqual([]);

    await expect(
      withAsOfSeriesTables(warehouse, handMadeOrg, [AS_OF_DAY], BASE_TABLES, () =>
        Promise.reject(new Error('boom')),
      ),
    ).rejects.toThrow('boom');
    expect(await seriesRelations(handMadeOrg)).toEqual([]);
  });

  it('makes only the segment series it is asked for', async () => {
    await withAsOfSeriesTables(
      warehouse,
      handMadeOrg,
      [AS_OF_DAY],
      ['accounts'],
      async (tables) => {
        expect(Object.keys(tables)).toEqual(['accounts']);
        const relations = await seriesRelations(handMadeOrg);
        expect(relations).toContain(tables.accounts);
        expect(relations.filter((name) => name.startsWith('segment_users'))).toEqual([]);
      },
    );
  });

  it('refuses days that are not ascending UTC day starts', async () => {
    const refuse = (days: number[]) =>
      expect(
        withAsOfSeriesTables(warehouse, handMadeOrg, days, BASE_TABLES, () => Promise.resolve(0)),
      ).rejects.toThrow();
    await refuse([]);
    await refuse([AS_OF_DAY + 1]);
    await refuse([AS_OF_DAY, AS_OF_DAY - DAY_MS]);
  });
});
