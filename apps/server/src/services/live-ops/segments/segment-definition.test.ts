import { beforeAll, describe, expect, it } from 'vitest';
import type {
  SegmentDataPage,
  SegmentDetail,
  SegmentFilter,
  SegmentVersion,
  TrendResponse,
} from '@revlane/contracts';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { cohortsClient } from '../__tests__/cohorts-test-client.js';
import { getCohort, snapshotThroughQueue } from '../snapshots/__tests__/snapshot-fixture.js';

const PRO: SegmentFilter[] = [{ field: 'plan', operator: 'includes', value: ['pro'] }];

/** A segment's base filter set (its definition) reaches everything shown of the segment. */
describe('live-ops: a segment’s base filters (PATCH segments/{id} filters)', () => {
  const f = useLiveOpsFixture();
  let id: string;
  beforeAll(() => {
    id = f.segmentId('All accounts');
  });

  const patch = (payload: unknown) =>
    f.inject(f.dana, { method: 'PATCH', url: `${API}/segments/${id}`, payload: payload as object });
  const total = async (query: Record<string, string> = {}) => {
    const response = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/segments/${id}/data`,
      query,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SegmentDataPage }>().data.total;
  };
  /** Pro accounts of the whole table, past any segment definition. */
  const proAccounts = async () =>
    (
      await f.t.app.warehouse.reader.page({
        orgId: f.danaOrg,
        table: 'accounts',
        filters: PRO,
        perPage: 1,
      })
    ).total;

  it('saves the filters, answers them in the detail and applies them to rows and counts', async () => {
    const response = await patch({ filters: PRO });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: SegmentDetail }>().data.filters).toEqual(PRO);
    const pro = await proAccounts();
    expect(pro).toBeGreaterThan(0);
    expect(await total()).toBe(pro);
    // The request's filters narrow the definition further; they never widen it.
    const free = JSON.stringify([{ field: 'plan', operator: 'includes', value: ['free'] }]);
    expect(await total({ filters: free })).toBe(0);
    const groups = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/segments/${id}/data`,
      query: { pivot: 'plan' },
    });
    const data = groups.json<{ data: { groups: { pivot: string; count: number }[] } }>().data;
    expect(data.groups).toEqual([expect.objectContaining({ pivot: 'pro', count: pro })]);
  });

  it('exports only the segment’s records', async () => {
    const ticket = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/segments/${id}/export-tickets`,
      payload: { columns: '["name","plan"]' },
    });
    const token = ticket.json<{ data: { ticket: string } }>().data.ticket;
    const csv = await f.t.app.inject({
      method: 'GET',
      url: `${API}/segments/${id}/export`,
      query: { columns: '["name","plan"]', token },
    });
    const lines = csv.body.split('\r\n').filter(Boolean).slice(1);
    expect(lines).toHaveLength(await proAccounts());
    expect(lines.every((line) => line.endsWith(',pro'))).toBe(true);
  });

  it('counts cohorts and unsaved trends inside the segment', async () => {
    const cohort = await cohortsClient(f).create(f.dana, id, {
      name: 'Everyone here',
      filters: [],
    });
    await snapshotThroughQueue(f, f.danaOrg);
    expect((await getCohort(f, cohort.id)).members).toBe(await proAccounts());
    const trend = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/segments/${id}/trend`,
      payload: { from: '2024-06-15', to: '2024-06-15' },
    });
    expect(trend.statusCode, trend.body).toBe(200);
    const [point] = trend.json<{ data: TrendResponse }>().data.points;
    expect(point?.value).toBe(await proAccounts());
  });

  it('keeps a version of every change of the definition, newest first, with who made it', async () => {
    expect((await patch({ filters: [] })).statusCode).toBe(200);
    const response = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/segments/${id}/versions`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const versions = response.json<{ data: SegmentVersion[] }>().data;
    expect(versions.slice(0, 2)).toMatchObject([
      { previousFilters: PRO, filters: [], changedBy: { email: 'dana@acme-demo.example' } },
      { filters: PRO, name: 'All accounts', previousName: 'All accounts' },
    ]);
    expect(versions[0]!.version).toBe(versions[1]!.version + 1);
    // A change of columns only is no new version of the definition.
    expect((await patch({ columns: ['name'] })).statusCode).toBe(200);
    const again = await f.inject(f.dana, { method: 'GET', url: `${API}/segments/${id}/versions` });
    expect(again.json<{ data: SegmentVersion[] }>().data).toHaveLength(versions.length);
  });

  it.each([
    [[{ field: 'nope', operator: 'eq', value: 1 }], 'body.filters[0].field'],
    [[{ field: 'plan', operator: 'gt', value: 1 }], 'body.filters[0].operator'],
    [[{ field: 'mrr', operator: 'gt', value: 'lots' }], 'body.filters[0].value'],
  ])('refuses base filters %j with a 400 naming %s, changing nothing', async (filters, path) => {
    const before = await f.inject(f.dana, { method: 'GET', url: `${API}/segments/${id}` });
    const response = await patch({ filters });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: { path: string }[] }>();
    expect(errors.map((error) => error.path)).toContain(path);
    const after = await f.inject(f.dana, { method: 'GET', url: `${API}/segments/${id}` });
    expect(after.json()).toEqual(before.json());
  });
});
