import { COHORTS_API, type CohortChanges, type Cohort } from '@revlane/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../../../warehouse/index.js';
import { API, TINY } from '../../__tests__/live-ops-fixture.js';
import {
  usePollingFixture,
  directProIds,
  getCohort,
  insertAccountsCohort,
  snapshotThroughQueue,
} from './snapshot-fixture.js';

const changesUrl = (id: string, query: string) => `${API}/${COHORTS_API.changes(id)}?${query}`;
const difference = (a: string[], b: string[]) => a.filter((id) => !b.includes(id)).sort();

describe('cohort snapshots job and GET cohorts/{id}/changes', () => {
  const f = usePollingFixture();
  let cohort: Cohort;
  let first: string[];
  let second: string[];
  let betweenSnapshots: string;

  beforeAll(async () => {
    // Inserted as the seed does: no back-fill is queued to race the two loads below.
    cohort = await getCohort(f, await insertAccountsCohort(f, 'Pro accounts'));
    await snapshotThroughQueue(f, f.danaOrg);
    first = await directProIds(f.t.app.warehouse.engine, f.danaOrg);
    betweenSnapshots = new Date().toISOString();
    // A second load with other accounts: some pro accounts enter, others leave.
    await loadDemoData(f.t.app.warehouse.engine, f.danaOrg, { ...TINY, seed: 7 });
    await snapshotThroughQueue(f, f.danaOrg);
    second = await directProIds(f.t.app.warehouse.engine, f.danaOrg);
  });

  const changes = async (query: string) => {
    const response = await f.inject(f.dana, { method: 'GET', url: changesUrl(cohort.id, query) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CohortChanges }>().data;
  };

  it('mirrors the latest snapshot into the cohort (members, snapshotAt)', async () => {
    const latest = await getCohort(f, cohort.id);
    expect(latest.members).toBe(second.length);
    expect(Date.parse(latest.snapshotAt!)).toBeGreaterThan(Date.parse(betweenSnapshots));
  });

  it('lists who entered and who left since a date, exactly', async () => {
    const entered = difference(second, first);
    const left = difference(first, second);
    expect(entered.length + left.length).toBeGreaterThan(0);
    const data = await changes('since=2020-01-01&limit=500');
    expect(data.since).toBe('2020-01-01T00:00:00.000Z');
    expect(data.entered.total).toBe(entered.length);
    expect(data.entered.rows.map((row) => row.record.id).sort()).toEqual(entered);
    expect(data.left.rows.map((row) => row.record.id).sort()).toEqual(left);
    expect(
      Object.keys(data.entered.rows[0]?.record ?? { id: 1, name: 1, domain: 1 }).sort(),
    ).toEqual(['domain', 'id', 'name']);
  });

  it('honours since and limit', async () => {
    const none = await changes(`since=${encodeURIComponent(new Date().toISOString())}`);
    expect(none.entered).toEqual({ total: 0, rows: [] });
    expect(none).toMatchObject({ page: 1, perPage: 100 });
    const one = await changes(`since=${encodeURIComponent(betweenSnapshots)}&limit=1`);
    expect(one.entered.total + one.left.total).toBe(
      difference(second, first).length + difference(first, second).length,
    );
    expect(one.entered.rows.length).toBeLessThanOrEqual(1);
    expect(one.left.rows.length).toBeLessThanOrEqual(1);
  });

  it("answers 404 for another organization's cohort and 400 naming since on a bad date", async () => {
    const other = await f.inject(f.eve, {
      method: 'GET',
      url: changesUrl(cohort.id, 'since=2024-01-01'),
    });
    expect(other.statusCode).toBe(404);
    const bad = await f.inject(f.dana, {
      method: 'GET',
      url: changesUrl(cohort.id, 'since=yesterday'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('since');
  });

  it('pages each list on its own (ADR 0013): page and change', async () => {
    const all = await changes('since=2020-01-01&limit=500');
    expect(all.entered.total).toBeGreaterThan(2);
    const page = await changes('since=2020-01-01&limit=2&page=2&change=entered');
    expect(page).toMatchObject({ page: 2, perPage: 2 });
    expect(page.entered.rows).toEqual(all.entered.rows.slice(2, 4));
    // The other list keeps its total for its heading, without rows nobody asked for.
    expect(page.left).toEqual({ total: all.left.total, rows: [] });
    const past = await changes('since=2020-01-01&limit=500&page=9&change=left');
    expect(past.left).toEqual({ total: all.left.total, rows: [] });
  });

  it('exports who entered as the segment export does, named after the cohort', async () => {
    const query = {
      cohort: cohort.id,
      changes: 'entered',
      since: '2020-01-01',
      columns: '["id","name"]',
    };
    const ticket = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/segments/${cohort.segmentId}/export-tickets`,
      payload: query,
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const token = ticket.json<{ data: { ticket: string } }>().data.ticket;
    const response = await f.t.app.inject({
      method: 'GET',
      url: `${API}/segments/${cohort.segmentId}/export`,
      query: { ...query, token },
    });
    expect(response.statusCode, response.body).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="pro-accounts-entered-${day}.csv"`,
    );
    const [header, ...lines] = response.body.split('\r\n').filter(Boolean);
    expect(header).toBe('Account ID,Name');
    const ids = lines.map((line) => line.split(',')[0]!).sort();
    // Every record still in the segment that entered: here all of them (the second load's).
    expect(ids).toEqual(difference(second, first));
  });

  it('refuses an export of changes without a since date: a 400 naming it', async () => {
    const response = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/segments/${cohort.segmentId}/export-tickets`,
      payload: { cohort: cohort.id, changes: 'left' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors[0]!.path).toBe('body.since');
  });
});
