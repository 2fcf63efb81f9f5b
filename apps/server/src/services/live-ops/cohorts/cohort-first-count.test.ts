import { beforeAll, describe, expect, it } from 'vitest';
import { COHORTS_API, type Cohort, type TrendResponse } from '@revlane/contracts';
import { loadDemoData } from '../../../warehouse/index.js';
import { API, TINY, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { cohortsClient } from '../__tests__/cohorts-test-client.js';
import { directProIds, getCohort, PRO_FILTERS } from '../snapshots/__tests__/snapshot-fixture.js';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Issue 25: a cohort saved from the table is counted before the create is answered, so its
 * page shows its size and today's trend point at once, not "Not counted yet"; its history
 * follows from the back-fill (ADR 0013). No job worker runs here: only the request counts.
 */
describe('live-ops: a new cohort is counted when it is created', () => {
  const f = useLiveOpsFixture({ load: false, env: { JOBS_WORKERS: 'false' } });
  let c: ReturnType<typeof cohortsClient>;
  beforeAll(async () => {
    // Data of today (not TINY's fixed day), so the count lands on today's trend point.
    await loadDemoData(f.t.app.warehouse.engine, f.danaOrg, { ...TINY, now: Date.now() });
    c = cohortsClient(f);
  });

  it('answers the create with its members, and its trend has a point for today', async () => {
    const segment = f.segmentId('All accounts');
    const pro = (await directProIds(f.t.app.warehouse.engine, f.danaOrg)).length;
    expect(pro).toBeGreaterThan(0);
    const before = Date.now();

    const created = await c.create(f.dana, segment, { name: 'Pro, counted', filters: PRO_FILTERS });

    expect(created).toMatchObject({ members: pro, historyPending: true });
    expect(Date.parse(created.snapshotAt!)).toBeGreaterThanOrEqual(before);
    expect(await getCohort(f, created.id)).toEqual(created);
    const listed = await c.list(f.dana, segment);
    expect(listed.find((cohort: Cohort) => cohort.id === created.id)?.members).toBe(pro);

    const trend = await f.inject(f.dana, {
      method: 'POST',
      url: `${API}/${COHORTS_API.trend(segment)}`,
      payload: { cohortId: created.id, metric: 'members', from: today(), to: today() },
    });
    expect(trend.statusCode, trend.body).toBe(200);
    expect(trend.json<{ data: TrendResponse }>().data.points).toEqual([
      { date: today(), value: pro },
    ]);
  });

  it('counts a new cohort nobody matches as zero, not as uncounted', async () => {
    const created = await c.create(f.dana, f.segmentId('All accounts'), {
      name: 'Nobody, counted',
      filters: [{ field: 'mrr', operator: 'gt', value: 1_000_000_000 }],
    });
    expect(created.members).toBe(0);
    expect(created.snapshotAt).not.toBeNull();
  });
});
