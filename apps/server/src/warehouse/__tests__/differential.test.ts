import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SegmentQueryInput } from '../compiler/segment-query-input.js';
import { loadDemoData } from '../demo/load-demo-data.js';
import type { Warehouse } from '../engine/warehouse.js';
import { SegmentReader } from '../reading/segment-reader.js';
import { duckdbEngine, hasPostgres, newOrgId, postgresEngine } from './engines.js';

type Query = Omit<SegmentQueryInput, 'orgId'>;
const desc = (field: string) => ({ field, isDescending: true });
const asc = (field: string) => ({ field, isDescending: false });

/** Segment queries covering every filter kind, search, multi-sort, pages and grouping. */
// prettier-ignore
const PAGES: [string, Query][] = [
  ['all accounts, every column', { table: 'accounts' }],
  ['plans, money, dates, search; second page', { table: 'accounts', filters: [{ field: 'plan', operator: 'includes', value: ['pro', 'enterprise'] }, { field: 'mrr', operator: 'gte', value: 500 }, { field: 'created_at', operator: 'before', value: '2024-05-01' }], search: 'a', sortBy: [desc('mrr'), asc('name')], page: 2, perPage: 7 }],
  ['excludes, eq, is, contains', { table: 'accounts', filters: [{ field: 'country', operator: 'excludes', value: ['US'] }, { field: 'lifecycle_stage', operator: 'eq', value: 'active' }, { field: 'is_paying', operator: 'is', value: true }, { field: 'website', operator: 'contains', value: '.IO' }], sortBy: [asc('country'), desc('seats')] }],
  ['blanks first-class', { table: 'accounts', filters: [{ field: 'billing_email', operator: 'null', value: null }], sortBy: [desc('created_at')], perPage: 20 }],
  ['not_null, not_contains, date range, nulls in sort', { table: 'accounts', filters: [{ field: 'website', operator: 'not_null' }, { field: 'name', operator: 'not_contains', value: 'labs' }, { field: 'renewal_at', operator: 'between', value: ['2024-06-01', '2025-03-01'] }], sortBy: [asc('renewal_at'), desc('website')] }],
  ['computed columns, third page', { table: 'accounts', filters: [{ field: 'active_users_7d', operator: 'gt', value: 0 }, { field: 'events_30d', operator: 'between_n', value: [5, 500] }, { field: 'last_seen_at', operator: 'after', value: '2024-06-01' }], sortBy: [desc('events_30d'), asc('last_seen_at')], page: 3, perPage: 10, columns: ['name', 'events_30d', 'last_seen_at', 'activity_30d', 'seats_used'] }],
  ['numeric eq, default eq, lte, lt', { table: 'accounts', filters: [{ field: 'seats', operator: 'lte', value: 20 }, { field: 'id', operator: 'eq', value: 'acc_0000010' }] }],
  ['sorted by a sparkline neighbour and booleans', { table: 'accounts', sortBy: [asc('is_paying'), desc('active_users_30d'), asc('domain')], perPage: 40, columns: ['is_paying', 'active_users_30d', 'domain'] }],
  ['users joined to their accounts', { table: 'users', filters: [{ field: 'account_plan', operator: 'eq', value: 'enterprise' }, { field: 'role', operator: 'includes', value: ['admin', 'owner', 'member'] }, { field: 'email', operator: 'contains', value: 'A' }], sortBy: [asc('account_name'), desc('events_30d')], columns: ['email', 'name', 'account_name', 'account_mrr', 'events_30d', 'last_seen_at'] }],
  ['users: search, blanks, on', { table: 'users', search: 'MARIA', filters: [{ field: 'title', operator: 'not_null' }, { field: 'last_login_at', operator: 'not_null' }], sortBy: [desc('last_seen_at'), asc('title')] }],
  ['users: never logged in, by sign-up day', { table: 'users', filters: [{ field: 'last_login_at', operator: 'null' }, { field: 'email_verified', operator: 'is', value: true }], sortBy: [asc('created_at')], perPage: 25, page: 2 }],
];

// prettier-ignore
const GROUPS: [string, Query][] = [
  ['plan × lifecycle by count', { table: 'accounts', groupBy: ['plan', 'lifecycle_stage'], columns: ['mrr', 'seats', 'events_30d'], sortBy: [desc('count')] }],
  ['country by MRR, filtered', { table: 'accounts', groupBy: ['country'], columns: ['mrr'], sortBy: [desc('mrr')], filters: [{ field: 'is_paying', operator: 'is', value: true }] }],
  ['sign-up day × paying, second page', { table: 'accounts', groupBy: ['created_at', 'is_paying'], columns: ['seats'], page: 2, perPage: 15 }],
  ['users: account country × role', { table: 'users', groupBy: ['account_country', 'role'], columns: ['events_7d', 'active_days_30d'], sortBy: [desc('events_7d')] }],
  ['lifecycle by median MRR, average seats and seat usage', { table: 'accounts', groupBy: ['lifecycle_stage'], columns: ['mrr', 'seats', 'seat_usage', 'events_30d'], aggregates: { mrr: 'median', seats: 'avg', events_30d: 'max' }, sortBy: [desc('mrr')] }],
  ['plan by average MRR, minimum seat usage', { table: 'accounts', groupBy: ['plan'], columns: ['mrr', 'seat_usage', 'seats'], aggregates: { mrr: 'avg', seat_usage: 'min', seats: 'count' }, sortBy: [asc('mrr')] }],
];

describe.skipIf(!hasPostgres)('DuckDB and PostgreSQL answer alike (differential)', () => {
  const orgId = newOrgId();
  let engines: ReturnType<typeof duckdbEngine.open>[];
  let duck: SegmentReader;
  let pg: SegmentReader;

  beforeAll(async () => {
    engines = [duckdbEngine.open(), postgresEngine.open()];
    const options = {
      accounts: 300,
      users: 2_500,
      events: 40_000,
      seed: 11,
      now: Date.UTC(2024, 5, 15, 12),
    };
    await Promise.all(engines.map((engine) => loadDemoData(engine.warehouse, orgId, options)));
    duck = new SegmentReader(engines[0]!.warehouse);
    pg = new SegmentReader(engines[1]!.warehouse);
  });
  afterAll(async () => {
    for (const engine of engines) {
      await engine.warehouse.dropOrganization(orgId);
      await engine.cleanup();
    }
  });

  it.each(PAGES)('page: %s', async (_name, query) => {
    const [left, right] = await Promise.all([
      duck.page({ orgId, ...query }),
      pg.page({ orgId, ...query }),
    ]);
    expect(left.rows.length).toBeGreaterThan(0);
    expect(right).toEqual(left);
  });

  it.each(GROUPS)('groups: %s', async (_name, query) => {
    const [left, right] = await Promise.all([
      duck.groups({ orgId, ...query }),
      pg.groups({ orgId, ...query }),
    ]);
    expect(left.groups.length).toBeGreaterThan(1);
    expect(right).toEqual(left);
  });

  it('exports the same rows in the same order', async () => {
    const query = {
      orgId,
      table: 'users' as const,
      filters: [{ field: 'events_30d', operator: 'gt', value: 0 }],
      sortBy: [desc('account_mrr')],
    };
    const collect = async (reader: SegmentReader) => {
      const rows = [];
      for await (const batch of (await reader.export(query, 300)).batches) rows.push(...batch);
      return rows;
    };
    const [left, right] = await Promise.all([collect(duck), collect(pg)]);
    expect(left.length).toBeGreaterThan(500);
    expect(right).toEqual(left);
  });

  it('writes the same CSV bytes (DuckDB through COPY, PostgreSQL through its cursor)', async () => {
    const query = { orgId, table: 'accounts' as const, sortBy: [desc('renewal_at')] };
    const csv = async (reader: SegmentReader) => {
      const chunks: Buffer[] = [];
      for await (const chunk of (await reader.exportCsv(query)).chunks) chunks.push(chunk);
      return Buffer.concat(chunks).toString();
    };
    const [left, right] = await Promise.all([csv(duck), csv(pg)]);
    expect(left.split('\r\n')).toHaveLength(302);
    expect(right).toBe(left);
  });

  it('builds identical canonical and metric tables', async () => {
    for (const [table, key] of [
      ['accounts', 'id'],
      ['users', 'id'],
      ['account_metrics', 'account_id'],
      ['user_metrics', 'user_id'],
    ]) {
      const all = (warehouse: Warehouse) =>
        warehouse.query(orgId, {
          sql: `SELECT * FROM ${warehouse.dialect.table(orgId, table!)} ORDER BY ${key!}`,
          params: [],
        });
      const [left, right] = await Promise.all(engines.map((engine) => all(engine.warehouse)));
      expect(right).toEqual(left);
    }
  });
});
