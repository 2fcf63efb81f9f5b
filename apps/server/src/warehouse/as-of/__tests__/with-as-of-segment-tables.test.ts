import type { BaseTable } from '@revlane/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, newOrgId } from '../../__tests__/engines.js';
import { AS_OF, handMadeBatches } from '../../__tests__/hand-made-data.js';
import { compileSegmentQuery } from '../../compiler/compile-segment-query.js';
import type { Warehouse } from '../../engine/warehouse.js';
import { loadCanonicalData } from '../../loading/load-canonical-data.js';
import { withAsOfSegmentTables } from '../with-as-of-segment-tables.js';

const DAY_MS = 86_400_000;

describe.each(TEST_ENGINES)('as-of segment tables on $name', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();

  const usersWithEvents7d = (sourceTable: string) =>
    warehouse.query(orgId, {
      sql: `SELECT id, events_7d FROM ${warehouse.dialect.table(orgId, sourceTable)} ORDER BY id`,
      params: [],
    });
  const activeCount = async (sourceTable?: string) => {
    const filters = [{ field: 'events_7d', operator: 'gt', value: 0 }];
    const { countQuery } = compileSegmentQuery(
      { orgId, table: 'users', filters, sourceTable },
      warehouse.dialect,
    );
    const [row] = await warehouse.query(orgId, countQuery);
    return Number(row!.total);
  };

  beforeAll(async () => {
    ({ warehouse, cleanup } = engine.open());
    await loadCanonicalData(warehouse, orgId, handMadeBatches(), { asOf: AS_OF });
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  it('computes event metrics as of a past day: recent activity does not count yet', async () => {
    // 2024-06-09: u1's 7d window is 06-03..06-09 (events at 06-08 23:59:59 and 06-09 00:00);
    // u3 only became active on 06-14, so it has nothing yet.
    const rows = await withAsOfSegmentTables(warehouse, orgId, AS_OF - 6 * DAY_MS, (tables) =>
      usersWithEvents7d(tables.users),
    );
    expect(rows.find((row) => row.id === 'u1')?.events_7d).toBe(2);
    expect(rows.find((row) => row.id === 'u3')?.events_7d).toBe(0);
    expect(rows).toHaveLength(6);
    // The live tables are untouched: u1 has 3 events in the 7 days up to 06-15.
    const live = await usersWithEvents7d('segment_users');
    expect(live.find((row) => row.id === 'u1')?.events_7d).toBe(3);
  });

  it('counts a compiled segment query against the as-of table via sourceTable', async () => {
    expect(await activeCount()).toBe(2); // u1 and u3 on 06-15
    const counts = await withAsOfSegmentTables(
      warehouse,
      orgId,
      AS_OF - 6 * DAY_MS,
      async (tables) => [await activeCount(tables.users)],
    );
    expect(counts).toEqual([1]);
    const earlier = await withAsOfSegmentTables(warehouse, orgId, AS_OF - 10 * DAY_MS, (tables) =>
      activeCount(tables.users),
    );
    expect(earlier).toBe(0);
  });

  it('drops its scratch tables after fn, and also when fn throws', async () => {
    let seen: Record<BaseTable, string> | undefined;
    await withAsOfSegmentTables(warehouse, orgId, AS_OF, async (tables) => {
      seen = tables;
      expect(await warehouse.hasTable(orgId, tables.users)).toBe(true);
    });
    expect(seen!.users).toMatch(/^segment_users__asof_[0-9a-f]{16}$/);
    expect(await warehouse.hasTable(orgId, seen!.users)).toBe(false);
    expect(await warehouse.hasTable(orgId, seen!.accounts)).toBe(false);

    await expect(
      withAsOfSegmentTables(warehouse, orgId, AS_OF, (tables) => {
        seen = tables;
        return Promise.reject(new Error('boom'));
      }),
    ).rejects.toThrow('boom');
    expect(await warehouse.hasTable(orgId, seen!.users)).toBe(false);
    const leftovers = await warehouse.query(orgId, {
      sql:
        warehouse.dialect.name === 'duckdb'
          ? "SELECT table_name FROM duckdb_tables() WHERE table_name LIKE '%asof%'"
          : "SELECT table_name FROM information_schema.tables WHERE table_name LIKE '%asof%'",
      params: [],
    });
    expect(leftovers).toEqual([]);
  });
});
