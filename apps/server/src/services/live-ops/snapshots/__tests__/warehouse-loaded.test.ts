import { describe, expect, it } from 'vitest';
import { publishWarehouseLoaded } from '../../../../platform/jobs/warehouse-loaded.js';
import { TINY, type LiveOpsFixture } from '../../__tests__/live-ops-fixture.js';
import { SNAPSHOTS_AFTER_LOAD_QUEUE } from '../after-warehouse-loaded.js';
import { DEMO_BACKFILL_DAYS } from '../snapshot-jobs.js';
import {
  usePollingFixture,
  directProIds,
  getCohort,
  insertAccountsCohort,
} from './snapshot-fixture.js';

/** The cohort's rows in cohort_counts: one per snapshotted day. */
async function countDays(f: LiveOpsFixture, cohortId: string): Promise<number> {
  const engine = f.t.app.warehouse.engine;
  const [row] = await engine.query(f.danaOrg, {
    sql: `SELECT COUNT(*) AS n FROM ${engine.dialect.table(f.danaOrg, 'cohort_counts')} WHERE cohort_id = $1`,
    params: [cohortId],
  });
  return Number(row!.n);
}

describe('"warehouse loaded" drives the cohort snapshots', () => {
  const f = usePollingFixture();

  const publish = async (reason: 'sync' | 'demo', loadedAt: string) => {
    await publishWarehouseLoaded(f.t.app.jobs, { orgId: f.danaOrg, loadedAt, reason });
    await f.t.app.jobs.drain(SNAPSHOTS_AFTER_LOAD_QUEUE);
  };

  it('a load snapshots every cohort of the organization as of the moment it was loaded', async () => {
    // Inserted directly: nothing but the event can snapshot it.
    const cohortId = await insertAccountsCohort(f, 'Pro, after a load');
    expect((await getCohort(f, cohortId)).snapshotAt).toBeNull();

    const loadedAt = new Date().toISOString();
    await publish('sync', loadedAt);
    const cohort = await getCohort(f, cohortId);
    expect(cohort.snapshotAt).toBe(loadedAt);
    expect(cohort.members).toBe((await directProIds(f.t.app.warehouse.engine, f.danaOrg)).length);
    expect(await countDays(f, cohortId)).toBe(1);
  });

  it('the demo load also back-fills the history of cohorts that have none', async () => {
    const cohortId = await insertAccountsCohort(f, 'Pro, demo history');
    await publish('demo', new Date(TINY.now).toISOString());
    // The back-filled past days, then the regular snapshot at the load.
    expect(await countDays(f, cohortId)).toBe(DEMO_BACKFILL_DAYS + 1);
    expect((await getCohort(f, cohortId)).snapshotAt).toBe(new Date(TINY.now).toISOString());
  });
});
