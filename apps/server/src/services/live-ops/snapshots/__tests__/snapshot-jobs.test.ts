import { describe, expect, it } from 'vitest';
import { KeyedLock, readLoadInfo, type Warehouse } from '../../../../warehouse/index.js';
import { withOneDayAsOfTables } from '../../../../warehouse/as-of/__tests__/one-day-as-of-tables.js';
import { failingFirstExecute } from '../../../../warehouse/cohorts/__tests__/failing-warehouse.js';
import {
  changedAt,
  readSnapshotState,
} from '../../../../warehouse/cohorts/__tests__/snapshot-state.js';
import { TINY } from '../../__tests__/live-ops-fixture.js';
import { SNAPSHOTS_AFTER_LOAD_QUEUE } from '../after-warehouse-loaded.js';
import { backfillDays } from '../backfill-organization.js';
import { snapshotHandlers } from '../snapshot-handlers.js';
import { COHORT_BACKFILL_JOB, DAILY_REFRESH_JOB } from '../snapshot-jobs.js';
import {
  createAccountsCohort,
  usePollingFixture,
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

const DAY_MS = 86_400_000;

/** The back-filled cohort's members computed directly on the one-day as-of tables of a day. */
function activeAccountsAsOf(warehouse: Warehouse, orgId: string, day: number) {
  return withOneDayAsOfTables(warehouse, orgId, day + DAY_MS - 1, async (tables) => {
    const rows = await warehouse.query(orgId, {
      sql: `SELECT id FROM ${warehouse.dialect.table(orgId, tables.accounts)} WHERE active_users_7d > 0`,
      params: [],
    });
    return rows.map((row) => row.id as string).sort();
  });
}

const minus = (a: string[], b: string[]) => a.filter((id) => !b.includes(id));

describe('cohort snapshot jobs', () => {
  const f = usePollingFixture();

  it('a handler failing on attempt 1 (the transaction rolled back) completes on the retry', async () => {
    const { app } = f.t;
    // Inserted as the seed does, so no back-fill is queued: the test's run is its only one.
    const cohort = { id: await insertAccountsCohort(f, 'Pro, retried') };
    let attempts = 0;
    const failing = failingFirstExecute(app.warehouse.engine);
    const handlers = snapshotHandlers({
      db: app.db,
      warehouse: failing,
      jobs: app.jobs,
      events: app.events,
      log: app.log,
      orgLock: new KeyedLock(),
      rebuilds: new KeyedLock(),
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

  it('back-fills daily snapshots from one series build once, then snapshots now', async () => {
    const { app } = f.t;
    const engine = app.warehouse.engine;
    const cohortId = await insertAccountsCohort(f, 'Active this week', ACTIVE_FILTERS);
    const job = { orgId: f.danaOrg, days: 6, until: new Date(TINY.now).toISOString() };
    await app.jobs.send(COHORT_BACKFILL_JOB, job);
    await app.jobs.drain(COHORT_BACKFILL_JOB);

    const days = backfillDays(6, TINY.now);
    const moments = days.map((day) => day + DAY_MS - 1);
    const expected: string[][] = [];
    for (const day of days) expected.push(await activeAccountsAsOf(engine, f.danaOrg, day));
    const counts = await countsOf(engine, f.danaOrg, cohortId);
    // Six past days, each as of its last millisecond, then today's regular snapshot.
    expect(counts.map((row) => row.snapshot_at)).toEqual(
      [...moments, TINY.now].map((moment) => new Date(moment).toISOString()),
    );
    expect(counts.slice(0, 6).map((row) => row.members)).toEqual(expected.map((ids) => ids.length));

    // Who entered and left each day equals the one-day as-of members of that day against the
    // day before; the first day is the baseline without changes.
    const state = await readSnapshotState(engine, f.danaOrg, cohortId);
    let changes = 0;
    for (const [index, moment] of moments.entries()) {
      const before = index === 0 ? expected[0]! : expected[index - 1]!;
      const entered = minus(expected[index]!, before);
      const left = minus(before, expected[index]!);
      expect(changedAt(state, moment, 'entered').sort(), `entered ${index}`).toEqual(entered);
      expect(changedAt(state, moment, 'left').sort(), `left ${index}`).toEqual(left);
      expect(state.counts[index]).toMatchObject({ entered: entered.length, left: left.length });
      changes += entered.length + left.length;
    }
    expect(changes).toBeGreaterThan(0);

    // Again: the cohort has snapshots now, so nothing is back-filled twice.
    await app.jobs.send(COHORT_BACKFILL_JOB, {
      ...job,
      until: new Date(TINY.now + 1000).toISOString(),
    });
    await app.jobs.drain(COHORT_BACKFILL_JOB);
    const again = await countsOf(engine, f.danaOrg, cohortId);
    expect(again).toHaveLength(7);
    expect(again[6]!.snapshot_at).toBe(new Date(TINY.now + 1000).toISOString());
  });

  it('daily refresh: rebuilds the metrics of loaded organizations, then publishes the load their snapshots follow', async () => {
    const { app } = f.t;
    const engine = app.warehouse.engine;
    const cohort = await createAccountsCohort(f, 'Pro, daily');
    // Saving it queued its back-fill (ADR 0013); let it finish so the refresh's run is next.
    await app.jobs.drain(COHORT_BACKFILL_JOB);
    const before = await getCohort(f, cohort.id);
    const loadBefore = await readLoadInfo(engine, f.danaOrg);

    await app.jobs.send(DAILY_REFRESH_JOB, {});
    await app.jobs.drain(DAILY_REFRESH_JOB);
    // The refresh publishes "warehouse loaded"; the snapshots' subscription runs them.
    await app.jobs.drain(SNAPSHOTS_AFTER_LOAD_QUEUE);

    expect((await readLoadInfo(engine, f.danaOrg))!.loadId).not.toBe(loadBefore!.loadId);
    // Eve's organization has no data: nothing to refresh there.
    expect(await readLoadInfo(engine, f.eveOrg)).toBeNull();
    const after = await getCohort(f, cohort.id);
    expect(Date.parse(after.snapshotAt!)).toBeGreaterThan(Date.parse(before.snapshotAt!));
    expect(after.members).toBe((await directProIds(engine, f.danaOrg)).length);
  });

  it('daily refresh waits while a rebuild of the same organization (a mapping publish) holds its turn', async () => {
    const { app } = f.t;
    const engine = app.warehouse.engine;
    const loadBefore = await readLoadInfo(engine, f.danaOrg);
    let release!: () => void;
    const publishing = app.warehouse.rebuilds.run(
      f.danaOrg,
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    await app.jobs.send(DAILY_REFRESH_JOB, {});
    let finished = false;
    const refreshed = app.jobs.drain(DAILY_REFRESH_JOB).then(() => (finished = true));
    // Time enough for an unguarded refresh to finish (it takes about a second at this size).
    for (let waited = 0; waited < 5_000 && !finished; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished).toBe(false);
    expect((await readLoadInfo(engine, f.danaOrg))!.loadId).toBe(loadBefore!.loadId);
    release();
    await publishing;
    await refreshed;
    expect((await readLoadInfo(engine, f.danaOrg))!.loadId).not.toBe(loadBefore!.loadId);
  });
});
