import { describe, expect, it, vi } from 'vitest';
import {
  segmentDataPageSchema,
  segmentGroupsPageSchema,
  type SegmentDataPage,
  type SegmentGroupsPage,
} from '@revlane/contracts';
import { DEMO_SEGMENTS } from '../../../demo/demo-segments.js';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';

describe('live-ops: GET segments/{id}/data', () => {
  const f = useLiveOpsFixture();

  const data = (query: Record<string, string>, name = 'All accounts') =>
    f.inject(f.dana, {
      method: 'GET',
      url: `${API}/segments/${f.segmentId(name)}/data`,
      query,
    });
  const page = async (query: Record<string, string>, name?: string) => {
    const response = await data(query, name);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: SegmentDataPage }>().data;
    expect(segmentDataPageSchema.parse(body)).toEqual(body);
    return body;
  };
  const directCount = async (where: string, params: (string | number)[] = []) => {
    const { engine } = f.t.app.warehouse;
    const table = engine.dialect.table(f.danaOrg, 'accounts');
    const [row] = await engine.query(f.danaOrg, {
      sql: `SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`,
      params,
    });
    return Number(row!.n);
  };

  it('pages with the segment’s saved columns and sort when the query gives none', async () => {
    const body = await page({ perPage: '10' }, 'Product-qualified accounts');
    expect(body).toMatchObject({ total: 50, page: 1, perPage: 10 });
    const saved = DEMO_SEGMENTS.find((segment) => segment.name === 'Product-qualified accounts');
    expect(saved?.columns).toHaveLength(9);
    expect(body.columns.map((column) => column.name)).toEqual(saved?.columns);
    const active = body.rows.map((row) => row.active_users_7d as number);
    expect(active).toEqual([...active].sort((a, b) => b - a));
  });

  it('filters, sorts, chooses columns and totals like a direct count', async () => {
    const filters = JSON.stringify([{ field: 'plan', operator: 'eq', value: 'pro' }]);
    const body = await page({
      filters,
      sortBy: '-mrr,+name',
      columns: '["name","mrr","plan"]',
      perPage: '500',
    });
    expect(body.total).toBe(await directCount(`plan = $1`, ['pro']));
    expect(body.total).toBeGreaterThan(0);
    expect(body.rows).toHaveLength(body.total);
    expect(body.rows.every((row) => row.plan === 'pro')).toBe(true);
    expect(Object.keys(body.rows[0]!).sort()).toEqual(['id', 'mrr', 'name', 'plan']);
    const mrr = body.rows.map((row) => row.mrr as number);
    expect(mrr).toEqual([...mrr].sort((a, b) => b - a));
  });

  it('numeric filters total like a direct count', async () => {
    const filters = JSON.stringify([{ field: 'mrr', operator: 'gt', value: 100 }]);
    const body = await page({ filters, perPage: '5' });
    expect(body.total).toBe(await directCount('mrr > $1', [100]));
  });

  it('pages without overlap and counts once per query and load', async () => {
    const spy = vi.spyOn(f.t.app.warehouse.engine, 'query');
    const query = { perPage: '20', sortBy: '+name', search: 'a' };
    const pages = [
      await page({ ...query, page: '1' }),
      await page({ ...query, page: '2' }),
      await page({ ...query, page: '3' }),
    ];
    const counts = spy.mock.calls.filter(([, compiled]) => /COUNT\(\*\)/.test(compiled.sql));
    spy.mockRestore();
    expect(counts).toHaveLength(1);
    const ids = pages.flatMap((p) => p.rows.map((row) => row.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(Math.min(60, pages[0]!.total));
    expect(pages.every((p) => p.total === pages[0]!.total)).toBe(true);
  });

  it('searches text', async () => {
    const { rows } = await page({ perPage: '1', columns: '["name"]' });
    const name = String(rows[0]!.name);
    const found = await page({ search: name.toUpperCase(), columns: '["name"]', perPage: '500' });
    expect(found.total).toBeGreaterThan(0);
    expect(found.rows.map((row) => row.name)).toContain(name);
    expect((await page({ search: 'zz-no-such-text-zz' })).total).toBe(0);
  });

  it('caps perPage at MAX_PER_PAGE', async () => {
    expect((await page({ perPage: '100000' })).perPage).toBe(500);
  });

  it('groups by one and two columns with counts and sums', async () => {
    const response = await data({ pivot: 'plan', columns: '["plan","mrr"]', sortBy: '-count' });
    expect(response.statusCode, response.body).toBe(200);
    const groups = response.json<{ data: SegmentGroupsPage }>().data;
    expect(segmentGroupsPageSchema.parse(groups)).toEqual(groups);
    expect(groups.groups.reduce((sum, group) => sum + group.count, 0)).toBe(50);
    for (const group of groups.groups) {
      if (group.pivot === null) continue;
      expect(group.count).toBe(await directCount('plan = $1', [group.pivot as string]));
      const { engine } = f.t.app.warehouse;
      const [row] = await engine.query(f.danaOrg, {
        sql: `SELECT SUM(mrr) AS s FROM ${engine.dialect.table(f.danaOrg, 'accounts')} WHERE plan = $1`,
        params: [group.pivot as string],
      });
      expect(group.values.mrr).toBeCloseTo(Number(row!.s), 2);
    }
    const counts = groups.groups.map((group) => group.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const twoResponse = await data({ pivot: 'plan', pivot_identifier: 'country' });
    expect(twoResponse.statusCode, twoResponse.body).toBe(200);
    const two = twoResponse.json<{
      data: SegmentGroupsPage;
    }>();
    expect(two.data.pivotIdentifier).toBe('country');
    expect(two.data.groups.reduce((sum, group) => sum + group.count, 0)).toBe(50);
  });

  it.each([
    [
      { filters: '[{"field":"plan","operator":"between_n","value":[1,2]}]' },
      'query.filters[0].operator',
    ],
    [{ filters: '[{"field":"nope","operator":"eq","value":1}]' }, 'query.filters[0].field'],
    [{ filters: '[{"field":"mrr","operator":"gt","value":"lots"}]' }, 'query.filters[0].value'],
    [{ filters: 'not json' }, 'query.filters'],
    [{ sortBy: '+nope' }, 'query.sortBy[0]'],
    [{ columns: '["name","nope"]' }, 'query.columns[1]'],
    // Not a string: String() of it would throw (a 500 before).
    [{ columns: '[{"toString":0}]' }, 'query.columns[0]'],
    [{ columns: '[null,{"valueOf":1}]' }, 'query.columns[1]'],
    [{ pivot: 'nope' }, 'query.pivot'],
    [{ pivot_identifier: 'plan' }, 'query.pivot'],
    [{ page: '0' }, 'query.page'],
  ])('refuses %j with a 400 naming %s', async (query, path) => {
    const response = await data(query);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; errors: { path: string }[] }>();
    expect(body.error).toBe('bad_request');
    expect(body.errors.map((error) => error.path)).toContain(path);
  });
});
