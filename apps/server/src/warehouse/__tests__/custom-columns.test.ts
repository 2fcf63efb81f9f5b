import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomColumn } from '../catalogue/custom-columns.js';
import { getColumns } from '../catalogue/columns.js';
import { loadDemoData } from '../demo/load-demo-data.js';
import type { Warehouse } from '../engine/warehouse.js';
import { loadCanonicalSelects } from '../loading/load-canonical-selects.js';
import { readCatalogue } from '../loading/load-info.js';
import { refreshMetrics } from '../loading/rebuild-metrics.js';
import { SegmentReader } from '../reading/segment-reader.js';
import { newOrgId, TEST_ENGINES } from './engines.js';

const NOW = Date.UTC(2024, 5, 15, 12);
const SIZE = { accounts: 40, users: 200, events: 2_000, now: NOW };

/** Two custom columns on accounts (ADR 0026): an owner by plan, and a number. */
const CUSTOM: CustomColumn[] = [
  {
    table: 'accounts',
    name: 'owner',
    label: 'Owner',
    type: 'text',
    dataType: 'string',
    options: null,
  },
  {
    table: 'accounts',
    name: 'seat_budget',
    label: 'Seat budget',
    type: 'integer',
    dataType: 'numeric',
    options: null,
  },
  {
    table: 'accounts',
    name: 'tags',
    label: 'Tags',
    type: 'text_list',
    dataType: 'list',
    options: null,
  },
];

describe.each(TEST_ENGINES)('$name: custom columns of an organization’s catalogue', (engine) => {
  const orgId = newOrgId();
  const otherOrg = newOrgId();
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const reader = () => new SegmentReader(warehouse);
  const total = async (table: 'accounts' | 'users', filters: unknown[]) =>
    (await reader().page({ orgId, table, filters, columns: ['id'] })).total;

  beforeAll(async () => {
    ({ warehouse, cleanup } = engine.open());
    await loadDemoData(warehouse, orgId, SIZE);
    await loadDemoData(warehouse, otherOrg, SIZE);
    const t = (name: string) => warehouse.dialect.table(orgId, name);
    await loadCanonicalSelects(
      warehouse,
      orgId,
      (targets) => [
        {
          sql: `INSERT INTO ${t(targets.accounts)} SELECT a.*,
            CASE WHEN a.plan IN ('pro', 'enterprise') THEN 'Ann' ELSE 'Bob' END, a.seats * 10,
            CASE WHEN a.plan = 'pro' THEN CAST(ARRAY['vip', a.plan] AS TEXT[])
                 WHEN a.plan = 'enterprise' THEN CAST(ARRAY[] AS TEXT[]) END
            FROM ${t('accounts')} a`,
          params: [],
        },
        // A plan the built-in options do not know, as a mapped source may write it.
        {
          sql: `UPDATE ${t(targets.accounts)} SET plan = 'Growth 2024' WHERE plan = 'starter'`,
          params: [],
        },
        { sql: `INSERT INTO ${t(targets.users)} SELECT * FROM ${t('users')}`, params: [] },
        { sql: `INSERT INTO ${t(targets.events)} SELECT * FROM ${t('events')}`, params: [] },
      ],
      NOW,
      CUSTOM,
    );
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await warehouse.dropOrganization(otherOrg);
    await cleanup();
  });

  it('records them with the load: an enum of few values, a number; users see the account’s', async () => {
    const catalogue = await readCatalogue(warehouse, orgId);
    expect(catalogue.find('accounts', 'owner')).toMatchObject({
      dataType: 'enum',
      options: ['Ann', 'Bob'],
      groupable: true,
    });
    expect(catalogue.find('accounts', 'seat_budget')).toMatchObject({ dataType: 'numeric' });
    expect(catalogue.find('users', 'account_owner')).toMatchObject({ label: 'Account: Owner' });
    expect((await readCatalogue(warehouse, otherOrg)).segmentColumns('accounts')).toEqual(
      getColumns('accounts'),
    );
  });

  it('filters, sorts and groups on them, on accounts and on users', async () => {
    const paying = await total('accounts', [
      { field: 'plan', operator: 'includes', value: ['pro', 'enterprise'] },
    ]);
    expect(paying).toBeGreaterThan(0);
    expect(await total('accounts', [{ field: 'owner', operator: 'eq', value: 'Ann' }])).toBe(
      paying,
    );
    const groups = await reader().groups({ orgId, table: 'accounts', groupBy: ['owner'] });
    expect(groups.groups.map((group) => group.pivot).sort()).toEqual(['Ann', 'Bob']);
    const top = await reader().page({
      orgId,
      table: 'accounts',
      sortBy: [{ field: 'seat_budget', isDescending: true }],
      columns: ['seats', 'seat_budget'],
      perPage: 1,
    });
    expect(top.rows[0]!.seat_budget).toBe(Number(top.rows[0]!.seats) * 10);
    const users = await total('users', [{ field: 'account_owner', operator: 'eq', value: 'Ann' }]);
    expect(users).toBe(
      await total('users', [
        { field: 'account_plan', operator: 'includes', value: ['pro', 'enterprise'] },
      ]),
    );
    // Another organization has no such column.
    await expect(
      reader().page({
        orgId: otherOrg,
        table: 'accounts',
        filters: [{ field: 'owner', operator: 'eq', value: 'Ann' }],
      }),
    ).rejects.toThrow(/Unknown field "owner"/);
  });

  it('offers and filters the values a built-in enum holds beyond its options', async () => {
    const catalogue = await readCatalogue(warehouse, orgId);
    const plan = catalogue.find('accounts', 'plan')!;
    expect(plan.options).toEqual(['free', 'starter', 'pro', 'enterprise', 'Growth 2024']);
    expect(plan.optionLabels?.['Growth 2024']).toBe('Growth 2024');
    expect(catalogue.find('users', 'account_plan')!.options).toContain('Growth 2024');
    const growth = await total('accounts', [
      { field: 'plan', operator: 'includes', value: ['Growth 2024'] },
    ]);
    expect(growth).toBeGreaterThan(0);
    expect(await total('accounts', [{ field: 'plan', operator: 'eq', value: 'starter' }])).toBe(0);
    // Recorded with the load: the daily refresh keeps them.
    await refreshMetrics(warehouse, orgId, NOW);
    expect((await readCatalogue(warehouse, orgId)).find('accounts', 'plan')!.options).toContain(
      'Growth 2024',
    );
  });

  it('filters a list column: holds a value, any of some, none of them, blank', async () => {
    const count = (filters: unknown[]) => total('accounts', filters);
    const pro = await count([{ field: 'plan', operator: 'eq', value: 'pro' }]);
    const enterprise = await count([{ field: 'plan', operator: 'eq', value: 'enterprise' }]);
    expect(pro).toBeGreaterThan(0);
    expect(await count([{ field: 'tags', operator: 'contains', value: 'vip' }])).toBe(pro);
    expect(await count([{ field: 'tags', operator: 'includes', value: ['pro', 'x'] }])).toBe(pro);
    expect(await count([{ field: 'tags', operator: 'excludes', value: ['vip'] }])).toBe(
      SIZE.accounts - pro,
    );
    expect(await count([{ field: 'tags', operator: 'null' }])).toBe(SIZE.accounts - pro);
    expect(await count([{ field: 'tags', operator: 'not_null' }])).toBe(pro);
    const page = await reader().page({
      orgId,
      table: 'accounts',
      filters: [{ field: 'plan', operator: 'includes', value: ['pro', 'enterprise'] }],
      columns: ['plan', 'tags'],
      perPage: 100,
    });
    expect(page.rows.length).toBe(pro + enterprise);
    for (const row of page.rows) expect(row.tags).toEqual(row.plan === 'pro' ? ['vip', 'pro'] : []);
  });

  it('keeps them through the daily refresh; a load that replaces the tables drops them', async () => {
    await refreshMetrics(warehouse, orgId, NOW);
    expect((await readCatalogue(warehouse, orgId)).find('accounts', 'owner')).toBeDefined();
    expect(await total('accounts', [{ field: 'owner', operator: 'not_null' }])).toBe(SIZE.accounts);

    await loadDemoData(warehouse, orgId, SIZE);
    const catalogue = await readCatalogue(warehouse, orgId);
    expect(catalogue.custom).toEqual([]);
    await expect(total('accounts', [{ field: 'owner', operator: 'not_null' }])).rejects.toThrow(
      /Unknown field "owner"/,
    );
  });
});
