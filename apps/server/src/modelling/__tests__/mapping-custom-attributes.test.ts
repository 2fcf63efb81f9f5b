import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cohort, SegmentColumn } from '@revlane/contracts';
import { asUser } from '../../../test/app.js';
import { getColumns } from '../../warehouse/index.js';
import { ACCOUNTS_CSV, createMappingFixture, type MappingFixture } from './mapping-fixture.js';

/** The fixture's accounts with three columns of the customer's own (ADR 0026). */
const ACCOUNTS_WITH_CRM_FIELDS = ACCOUNTS_CSV.trim()
  .split('\n')
  .map((line, index) =>
    index === 0
      ? `${line},Owner,ARR,Closed at`
      : `${line},${['Ann', 'Bob', 'Ann', 'Zed', 'Bob'][index - 1]},${index * 1000},2026-0${index}-15 00:00:00`,
  )
  .join('\n');

const USERS_WITH_TEAM = `user_id,email,full_name,role,team
u1,ann@acme.com,Ann,admin,growth
u2,bob@WWW.ACME.COM,Bob,member,core
u3,cat@globex.io,Cat,member,growth
u6,fay@initech.com,Fay,owner,core
`;

describe('composer: custom attributes become segment columns of their organization only', () => {
  let f: MappingFixture;
  let accountsSegment: string;
  let usersSegment: string;
  const columnsOf = async (user: MappingFixture['dana'], table: string) =>
    (await f.api(user, 'GET', `segments/tables/${table}/columns`)).json<{ data: SegmentColumn[] }>()
      .data;
  const page = (segmentId: string, query: Record<string, unknown>) =>
    f.api(
      f.dana,
      'GET',
      `segments/${segmentId}/data?${new URLSearchParams(
        Object.entries(query).map(([key, value]): [string, string] => [
          key,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      ).toString()}`,
    );
  const withCustom = (accounts: string[], users: string[]) => {
    const mapping = f.mapping();
    mapping.accounts.attributes = ['plan', 'mrr', ...accounts];
    mapping.users.attributes = ['role', ...users];
    return mapping;
  };

  beforeAll(async () => {
    f = await createMappingFixture();
    await f.land(f.sources.accounts, ACCOUNTS_WITH_CRM_FIELDS);
    await f.land(f.sources.users, USERS_WITH_TEAM);
  }, 120_000);
  afterAll(() => f.close());

  it('publishes Owner, ARR and Closed at with their source types, labels and enum options', async () => {
    const mapping = withCustom(['Owner', 'ARR', 'Closed at'], ['team']);
    const saved = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: mapping });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await f.publish()).status).toBe('succeeded');

    const accounts = await columnsOf(f.dana, 'accounts');
    const byName = new Map(accounts.map((column) => [column.name, column]));
    expect(byName.get('owner')).toMatchObject({
      label: 'Owner',
      dataType: 'enum',
      options: ['Ann', 'Bob'],
      groupable: true,
      computed: false,
    });
    expect(byName.get('arr')).toMatchObject({ label: 'ARR', dataType: 'numeric' });
    expect(byName.get('closed_at')).toMatchObject({ label: 'Closed at', dataType: 'timestamp' });
    // Built-in names keep their built-in meaning; nothing else changes in the catalogue.
    expect(accounts.slice(0, getColumns('accounts').length)).toEqual(getColumns('accounts'));
    const users = (await columnsOf(f.dana, 'users')).map((column) => column.name);
    expect(users).toEqual(expect.arrayContaining(['team', 'account_owner', 'account_arr']));

    if (f.t.app.warehouse.engine.dialect.name === 'postgres') {
      // Sortable like a built-in column: PostgreSQL's read index covers it too.
      const indexes = await f.rows(
        "SELECT DISTINCT indexname FROM pg_indexes WHERE tablename = 'segment_accounts' AND indexname LIKE '%arr_order'",
      );
      expect(indexes).toEqual([{ indexname: 'segment_accounts_arr_order' }]);
    }

    // Another organization (no custom attributes) sees the built-in catalogue only.
    expect(await columnsOf(f.eve, 'accounts')).toEqual(getColumns('accounts'));
    expect(await columnsOf(f.eve, 'users')).toEqual(getColumns('users'));
  });

  it('filters, sorts and groups on them like on built-in columns', async () => {
    const segments = (await f.api(f.dana, 'GET', 'segments/me')).json<{
      data: { id: string; name: string }[];
    }>().data;
    accountsSegment = segments.find((segment) => segment.name === 'All accounts')!.id;
    usersSegment = segments.find((segment) => segment.name === 'All users')!.id;

    const filtered = await page(accountsSegment, {
      filters: [{ field: 'owner', operator: 'includes', value: ['Ann'] }],
      sortBy: '-arr',
      columns: ['name', 'owner', 'arr'],
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    const rows = filtered.json<{ data: { rows: Record<string, unknown>[] } }>().data.rows;
    // a3's first row (Initech, the 3rd line) wins its duplicate id, as for built-in columns.
    expect(rows).toEqual([
      { id: 'a3', name: 'Initech', owner: 'Ann', arr: 3000 },
      { id: 'a1', name: 'Acme', owner: 'Ann', arr: 1000 },
    ]);
    const numeric = await page(accountsSegment, {
      filters: [{ field: 'arr', operator: 'gte', value: 2000 }],
    });
    expect(numeric.json<{ data: { total: number } }>().data.total).toBe(3);

    const grouped = await page(accountsSegment, { pivot: 'owner', sortBy: '+owner' });
    expect(grouped.statusCode, grouped.body).toBe(200);
    const groups = grouped.json<{ data: { groups: { pivot: string; count: number }[] } }>().data
      .groups;
    expect(groups.map((group) => [group.pivot, group.count])).toEqual([
      ['Ann', 2],
      ['Bob', 2],
    ]);

    // Users filter on their own custom attribute and on their account's.
    const team = await page(usersSegment, {
      filters: [
        { field: 'team', operator: 'eq', value: 'growth' },
        { field: 'account_owner', operator: 'includes', value: ['Ann'] },
      ],
      columns: ['team', 'account_owner'],
    });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json<{ data: { rows: unknown[] } }>().data.rows).toEqual([
      { id: 'u1', team: 'growth', account_owner: 'Ann' },
    ]);
    // Another organization cannot filter on them.
    const eveSegments = (await f.api(f.eve, 'GET', 'segments/me')).json<{
      data: { id: string }[];
    }>().data;
    if (eveSegments[0]) {
      const filters = JSON.stringify([{ field: 'owner', operator: 'eq', value: 'Ann' }]);
      const eve = await f.api(
        f.eve,
        'GET',
        `segments/${eveSegments[0].id}/data?filters=${encodeURIComponent(filters)}`,
      );
      expect(eve.statusCode).not.toBe(200);
    }
  });

  it('a cohort over a custom attribute counts its members; a republish without it removes it (400)', async () => {
    const created = await f.api(f.dana, 'POST', `segments/${accountsSegment}/cohorts`, {
      name: 'Owned by Ann',
      filters: [{ field: 'owner', operator: 'includes', value: ['Ann'] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const cohortId = created.json<{ data: Cohort }>().data.id;
    const membersOf = async () =>
      (await f.api(f.dana, 'GET', `cohorts/${cohortId}`)).json<{
        data: { members: number | null };
      }>().data.members;
    await f.until(async () => (await membersOf()) === 2);
    // A play's templates may name a custom attribute of the cohort's records.
    const play = await f.t.app.inject(
      asUser(f.dana, {
        method: 'POST',
        url: '/api/v1/plays',
        payload: {
          name: 'Tell the owner',
          trigger: { type: 'cohort_entered', cohortId },
          actions: [
            {
              type: 'webhook',
              url: 'https://example.com/hook',
              fields: { to: '{{account.owner}}' },
            },
          ],
        },
      }),
    );
    expect(play.statusCode, play.body).toBe(201);

    const saved = await f.call(f.dana, {
      method: 'PUT',
      url: 'mapping',
      payload: withCustom(['ARR'], []),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await f.publish()).status).toBe('succeeded');
    const names = (await columnsOf(f.dana, 'accounts')).map((column) => column.name);
    expect(names).toContain('arr');
    expect(names).not.toContain('owner');
    expect((await columnsOf(f.dana, 'users')).map((column) => column.name)).not.toContain('team');

    const stale = await page(accountsSegment, {
      filters: [{ field: 'owner', operator: 'eq', value: 'Ann' }],
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'query.filters[0].field', message: 'Unknown field "owner" in accounts' },
    ]);
    const [account] = await f.rows('SELECT * FROM {accounts} LIMIT 1');
    expect(Object.keys(account!)).not.toContain('owner');
  });

  it('refuses custom attribute names that are already segment columns', async () => {
    const mapping = withCustom(['company'], ['email']);
    // `company` is mapped as the name role but is still a free column name; `email` is taken.
    const response = await f.call(f.dana, { method: 'PUT', url: 'mapping', payload: mapping });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual([
      'users.attributes[1]',
    ]);
  });
});
