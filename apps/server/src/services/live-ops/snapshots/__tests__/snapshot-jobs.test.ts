import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KeyedLock,
  readLoadInfo,
  withAsOfSegmentTables,
  type Warehouse,
} from '../../../../warehouse/index.js';
import { failingFirstExecute } from '../../../../warehouse/cohorts/__tests__/failing-warehouse.js';
import {
  TINY,
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../../__tests__/live-ops-fixture.js';
import { backfillMoments } from '../backfill-organization.js';
import { snapshotHandlers } from '../snapshot-handlers.js';
import { COHORT_BACKFILL_JOB, COHORT_SNAPSHOTS_JOB, DAILY_REFRESH_JOB } from '../snapshot-jobs.js';
import {
  FAST_POLLING,
  createAccountsCohort,
  directProIds,
  getCohort,
  insertAccountsCohort,
} from './snapshot-fixture.js';

const ACTIVE_FILTERS = [{ field: 'active_users_7d', operator: 'gt' as const, value: 0 }];

async function countsOf(warehouse: Warehouse, orgId: string, cohortId: string) {
  return warehouse.query(orgId, {
    sql: `SELECT day, members, snapshot_at FROM ${warehouse.dialect.table(orgId, 'cohort_counts')} WHERE cohort_id = $1 ORDER BY day`,
    params: [cohortId],
  });
}

/** The back-filled cohort computed directly on the as-of tables of one moment. */
function activeAccountsAsOf(warehouse: Warehouse, orgId: string, moment: number) {
  return withAsOfSegmentTables(warehouse, orgId, moment, async (tables) => {
    const [row] = await warehouse.query(orgId, {
      sql: `SELECT COUNT(*) AS n FROM ${warehouse.dialect.table(orgId, tables.accounts)} WHERE active_users_7d > 0`,
      params: [],
    });
    return Number(row!.n);
  });
}

describe('cohort snapshot jobs', () => {
  let f: LiveOpsFixture;
  beforeAll(async () => {
    f = await createLiveOpsFixture(FAST_POLLING);
  });
  afterAll(() => f.close());

  it('a handler failing on attempt 1 (the transaction rolled back) completes on the retry', async () => {
    const { app } = f.t;
    const cohort = await createAccountsCohort(f, 'Pro, retried');
    // Creating it queued a regular snapshot; let it finish so the test's run is the next one.
    await app.jobs.drain(COHORT_SNAPSHOTS_JOB);
    let attempts = 0;
    const failing = failingFirstExecute(app.warehouse.engine);
    const handlers = snapshotHandlers({
      db: app.db,
      warehouse: failing,
      jobs: app.jobs,
      log: app.log,
      orgLock: new KeyedLock(),
    });
    await app.jobs.work('cohort-snapshots-retry-test', async (data: object) => {
      attempts += 1;
      await handlers.snapshots(data);
    });
    const snapshotAt = new Date().toISOString();
    await app.jobs.send(
      'cohort-snapshots-retry-test',
      { orgId: f.danaOrg, snapshotAt },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await app.jobs.drain('cohort-snapshots-retry-test');

    expect(attempts).toBe(2);
    const stored = await getCohort(f, cohort.id);
    expect(stored.members).toBe((await directProIds(app.warehouse.engine, f.danaOrg)).length);
    expect(stored.snapshotAt).toBe(snapshotAt);
    const counts = await countsOf(app.warehouse.engine, f.danaOrg, cohort.id);
    expect(counts).toHaveLength(1);
    expect(counts[0]!.snapshot_at).toBe(snapshotAt);
  });

  it('back-fills daily snapshots on as-of tables once, then snapshots now', async () => {
    const { app } = f.t;
    const engine = app.warehouse.engine;
    const cohortId = await insertAccountsCohort(f, 'Active this week', ACTIVE_FILTERS);
    const job = { orgId: f.danaOrg, days: 3, until: new Date(TINY.now).toISOString() };
    await app.jobs.send(COHORT_BACKFILL_JOB, job);
    await app.jobs.drain(COHORT_BACKFILL_JOB);

    const moments = backfillMoments(3, TINY.now);
    const expected: number[] = [];
    for (const moment of moments)
      expected.push(await activeAccountsAsOf(engine, f.danaOrg, moment));
    const counts = await countsOf(engine, f.danaOrg, cohortId);
    // Three past days, then today's regular snapshot.
    expect(counts.map((row) => row.snapshot_at)).toEqual(
      [...moments, TINY.now].map((moment) => new Date(moment).toISOString()),
    );
    expect(counts.slice(0, 3).map((row) => row.members)).toEqual(expected);

    // Again: the cohort has snapshots now, so nothing is back-filled twice.
    await app.jobs.send(COHORT_BACKFILL_JOB, {
      ...job,
      until: new Date(TINY.now + 1000).toISOString(),
    });
    await app.jobs.drain(COHORT_BACKFILL_JOB);
    const again = await countsOf(engine, f.danaOrg, cohortId);
    expect(again).toHaveLength(4);
    expect(again[3]!.snapshot_at).toBe(new Date(TINY.now + 1000).toISOString());
  });

  it('daily refresh: rebuilds the metrics of loaded organizations, then snapshots them', async () => {
    const { app } = f.t;
    const engine = app.warehouse.engine;
    const cohort = await createAccountsCohort(f, 'Pro, daily');
    await app.jobs.drain(COHORT_SNAPSHOTS_JOB);
    const before = await getCohort(f, cohort.id);
    const loadBefore = await readLoadInfo(engine, f.danaOrg);

    await app.jobs.send(DAILY_REFRESH_JOB, {});
    await app.jobs.drain(DAILY_REFRESH_JOB);
    await app.jobs.drain(COHORT_SNAPSHOTS_JOB);

    expect((await readLoadInfo(engine, f.danaOrg))!.loadId).not.toBe(loadBefore!.loadId);
    // Eve's organization has no data: nothing to refresh there.
    expect(await readLoadInfo(engine, f.eveOrg)).toBeNull();
    const after = await getCohort(f, cohort.id);
    expect(Date.parse(after.snapshotAt!)).toBeGreaterThan(Date.parse(before.snapshotAt!));
    expect(after.members).toBe((await directProIds(engine, f.danaOrg)).length);
  });
});
