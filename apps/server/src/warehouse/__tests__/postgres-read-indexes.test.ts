import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../demo/load-demo-data.js';
import { schemaNameFor } from '../engine/identifiers.js';
import type { Warehouse } from '../engine/warehouse.js';
import { refreshMetrics } from '../loading/rebuild-metrics.js';
import { SegmentReader } from '../reading/segment-reader.js';
import { hasPostgres, newOrgId, postgresEngine } from './engines.js';

const NOW = Date.UTC(2024, 5, 15, 12);

describe.skipIf(!hasPostgres)('PostgreSQL: read indexes of the wide segment tables', () => {
  const orgId = newOrgId();
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;

  const indexes = async () => {
    const rows = await warehouse.query(orgId, {
      sql: 'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname',
      params: [schemaNameFor(orgId)],
    });
    return rows as { indexname: string; indexdef: string }[];
  };
  const analyzed = async (table: string) => {
    const [row] = await warehouse.query(orgId, {
      sql: 'SELECT COUNT(*) AS n FROM pg_stats WHERE schemaname = $1 AND tablename = $2',
      params: [schemaNameFor(orgId), table],
    });
    return Number(row?.n) > 0;
  };

  beforeAll(async () => {
    ({ warehouse, cleanup } = postgresEngine.open());
    await loadDemoData(warehouse, orgId, { accounts: 50, users: 300, events: 2_000, now: NOW });
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  it('indexes every sortable column in the order pages ask for, with fresh statistics', async () => {
    const defs = new Map((await indexes()).map((index) => [index.indexname, index.indexdef]));
    expect(defs.get('segment_users_account_mrr_order')).toMatch(
      /\(account_mrr DESC NULLS LAST, id COLLATE "C"\)$/,
    );
    expect(defs.get('segment_accounts_name_order')).toMatch(
      /\(name COLLATE "C", id COLLATE "C"\)$/,
    );
    expect(defs.get('segment_accounts_id_order')).toMatch(/\(id COLLATE "C"\)$/);
    // Booleans and sparklines are not worth an index.
    expect(defs.has('segment_accounts_is_paying_order')).toBe(false);
    expect(defs.has('segment_accounts_activity_30d_order')).toBe(false);
    expect([...defs.keys()].filter((name) => name.includes('__next'))).toEqual([]);
    expect(await analyzed('segment_users')).toBe(true);
    expect(await analyzed('segment_accounts')).toBe(true);
  });

  it('builds them again on every load, under the same names, pages still correct', async () => {
    const before = (await indexes()).map((index) => index.indexname);
    await refreshMetrics(warehouse, orgId, NOW + 86_400_000);
    expect((await indexes()).map((index) => index.indexname)).toEqual(before);
    const page = await new SegmentReader(warehouse).page({
      orgId,
      table: 'users',
      sortBy: [{ field: 'account_mrr', isDescending: true }],
      perPage: 5,
    });
    expect(page.total).toBe(300);
    const mrr = page.rows.map((row) => row.account_mrr as number | null);
    expect(mrr).toEqual([...mrr].sort((a, b) => (b ?? -Infinity) - (a ?? -Infinity)));
  });
});
