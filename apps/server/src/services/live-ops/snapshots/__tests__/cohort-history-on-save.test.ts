import { beforeAll, describe, expect, it } from 'vitest';
import { COHORTS_API, type CohortChanges } from '@revlane/contracts';
import { FAST_JOBS_ENV } from '../../../../../test/jobs.js';
import { eq } from 'drizzle-orm';
import { cohorts } from '../../../../platform/database/schema/index.js';
import { loadDemoData, type Warehouse } from '../../../../warehouse/index.js';
import { API, TINY, useLiveOpsFixture } from '../../__tests__/live-ops-fixture.js';
import { cohortsClient } from '../../__tests__/cohorts-test-client.js';
import { COHORT_BACKFILL_JOB, DEMO_BACKFILL_DAYS } from '../snapshot-jobs.js';
import { directProIds, getCohort, PRO_FILTERS } from './snapshot-fixture.js';

const ACTIVE_FILTERS = [{ field: 'active_users_7d', operator: 'gt' as const, value: 0 }];
const DAY_MS = 86_400_000;

function countsOf(warehouse: Warehouse, orgId: string, cohortId: string) {
  return warehouse.query(orgId, {
    sql: `SELECT day, members, entered, "left" FROM ${warehouse.dialect.table(orgId, 'cohort_counts')} WHERE cohort_id = $1 ORDER BY day`,
    params: [cohortId],
  });
}

/**
 * ADR 0013: saving a cohort (created, or new filters) back-fills its history from the as-of
 * series at once, so its trend is full and who entered and left is real.
 */
describe('live-ops: a saved cohort gets its history at once', () => {
  const f = useLiveOpsFixture({ env: FAST_JOBS_ENV, load: false });
  let c: ReturnType<typeof cohortsClient>;
  beforeAll(async () => {
    // Data of today (not TINY's fixed day), so the back-filled days are the data's days.
    await loadDemoData(f.t.app.warehouse.engine, f.danaOrg, { ...TINY, now: Date.now() });
    c = cohortsClient(f);
  });

  const engine = () => f.t.app.warehouse.engine;
  const changesSince = async (id: string, since: number) => {
    const query = `since=${new Date(since).toISOString()}`;
    const response = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/${COHORTS_API.changes(id)}?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CohortChanges }>().data;
  };

  it('a new cohort has one count per past day and real entries and exits', async () => {
    const segment = f.segmentId('All accounts');
    const cohort = await c.create(f.dana, segment, { name: 'Active', filters: ACTIVE_FILTERS });
    await f.t.app.jobs.drain(COHORT_BACKFILL_JOB);

    const counts = await countsOf(engine(), f.danaOrg, cohort.id);
    // 180 past days and today's snapshot: a full trend, not one dot.
    expect(counts).toHaveLength(DEMO_BACKFILL_DAYS + 1);
    expect(counts.every((row) => row.members !== null)).toBe(true);
    const moved = counts
      .slice(1)
      .reduce((sum, row) => sum + Number(row.entered) + Number(row.left), 0);
    expect(moved).toBeGreaterThan(0);
    const changes = await changesSince(cohort.id, Date.now() - DEMO_BACKFILL_DAYS * DAY_MS);
    expect(changes.entered.total + changes.left.total).toBe(moved);
    const stored = await getCohort(f, cohort.id);
    expect(stored.members).toBe(Number(counts.at(-1)!.members));
    expect(stored.snapshotAt).not.toBeNull();
  });

  it('new filters replace the history: no exits or entries from the old definition', async () => {
    const segment = f.segmentId('All accounts');
    const cohort = await c.create(f.dana, segment, {
      name: 'Active, then pro',
      filters: ACTIVE_FILTERS,
    });
    await f.t.app.jobs.drain(COHORT_BACKFILL_JOB);
    const patch = await c.patch(f.dana, segment, cohort.id, { filters: PRO_FILTERS });
    expect(patch.statusCode, patch.body).toBe(200);
    await f.t.app.jobs.drain(COHORT_BACKFILL_JOB);

    const counts = await countsOf(engine(), f.danaOrg, cohort.id);
    const pro = (await directProIds(engine(), f.danaOrg)).length;
    expect(counts).toHaveLength(DEMO_BACKFILL_DAYS + 1);
    // A plan is today's attribute on every as-of day (ADR 0007): a flat history, no moves.
    expect(new Set(counts.map((row) => Number(row.members)))).toEqual(new Set([pro]));
    const changes = await changesSince(cohort.id, 0);
    expect(changes.entered.total + changes.left.total).toBe(0);
    expect((await getCohort(f, cohort.id)).members).toBe(pro);
    const [row] = await f.t.database.db.select().from(cohorts).where(eq(cohorts.id, cohort.id));
    expect(row!.historyRequestedAt).toBeNull();
  });
});
