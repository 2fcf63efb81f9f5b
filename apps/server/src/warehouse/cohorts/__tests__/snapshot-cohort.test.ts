import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../engine/warehouse.js';
import { TEST_ENGINES, newOrgId } from '../../__tests__/engines.js';
import { readCohortChanges } from '../read-cohort-changes.js';
import { snapshotCohort } from '../snapshot-cohort.js';
import { failingFirstExecute } from './failing-warehouse.js';
import { changedAt, readSnapshotState } from './snapshot-state.js';
import { LOAD_TIMES, PAYING_COHORT, directMembers, loadNumber } from './three-loads.js';

const DAY_1 = '2024-06-10T00:00:00.000Z';
const DAY_2 = '2024-06-11T00:00:00.000Z';
const iso = (millis: number) => new Date(millis).toISOString();

describe.each(TEST_ENGINES)('cohort snapshots on $name', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();

  beforeAll(() => ({ warehouse, cleanup } = engine.open()));
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  const snapshot = (index: number, on: Warehouse = warehouse) =>
    snapshotCohort(on, orgId, PAYING_COHORT, LOAD_TIMES[index]!);
  const state = () => readSnapshotState(warehouse, orgId, PAYING_COHORT.cohortId);

  // The tests run in order, one load after another: each builds on the state before it.
  it('load 1: the first snapshot is the baseline (members, no changes)', async () => {
    await loadNumber(warehouse, orgId, 0);
    expect(await snapshot(0)).toEqual({ members: 2, entered: 0, left: 0, skipped: false });
    const after = await state();
    expect(after.members).toEqual(await directMembers(warehouse, orgId));
    expect(after.members).toEqual(['a1', 'a3']);
    expect(after.changes).toEqual([]);
    expect(after.counts).toEqual([
      { day: DAY_1, members: 2, entered: 0, left: 0, snapshot_at: iso(LOAD_TIMES[0]!) },
    ]);
  });

  it('the same snapshot again, or an older one, is skipped and changes nothing', async () => {
    const before = await state();
    expect(await snapshot(0)).toEqual({ members: 2, entered: 0, left: 0, skipped: true });
    const older = await snapshotCohort(warehouse, orgId, PAYING_COHORT, LOAD_TIMES[0]! - 1);
    expect(older.skipped).toBe(true);
    expect(await state()).toEqual(before);
  });

  it('a snapshot failing mid-transaction leaves the previous one whole; the retry completes', async () => {
    await loadNumber(warehouse, orgId, 1);
    const before = await state();
    await expect(snapshot(1, failingFirstExecute(warehouse))).rejects.toThrow();
    expect(await state()).toEqual(before);

    expect(await snapshot(1)).toEqual({ members: 3, entered: 2, left: 1, skipped: false });
    const after = await state();
    expect(after.members).toEqual(await directMembers(warehouse, orgId));
    expect(changedAt(after, LOAD_TIMES[1]!, 'entered')).toEqual(['a2', 'a5']);
    expect(changedAt(after, LOAD_TIMES[1]!, 'left')).toEqual(['a1']);
    expect(after.counts[1]).toEqual({
      day: DAY_2,
      members: 3,
      entered: 2,
      left: 1,
      snapshot_at: iso(LOAD_TIMES[1]!),
    });
  });

  it('load 3 the same day: more changes; the day row sums both snapshots', async () => {
    await loadNumber(warehouse, orgId, 2);
    expect(await snapshot(2)).toEqual({ members: 4, entered: 2, left: 1, skipped: false });
    const after = await state();
    expect(after.members).toEqual(await directMembers(warehouse, orgId));
    expect(after.members).toEqual(['a1', 'a2', 'a4', 'a5']);
    expect(changedAt(after, LOAD_TIMES[2]!, 'entered')).toEqual(['a1', 'a4']);
    expect(changedAt(after, LOAD_TIMES[2]!, 'left')).toEqual(['a3']);
    expect(after.counts).toEqual([
      { day: DAY_1, members: 2, entered: 0, left: 0, snapshot_at: iso(LOAD_TIMES[0]!) },
      { day: DAY_2, members: 4, entered: 4, left: 2, snapshot_at: iso(LOAD_TIMES[2]!) },
    ]);
  });

  it('reads the diff since a moment: totals, newest first, key columns, gone records by id', async () => {
    const all = await readCohortChanges(
      warehouse,
      orgId,
      PAYING_COHORT.cohortId,
      'accounts',
      LOAD_TIMES[0]!,
      10,
    );
    expect(all.entered.total).toBe(4);
    expect(all.entered.rows.map((row) => [row.changedAt, row.record.id])).toEqual([
      [iso(LOAD_TIMES[2]!), 'a1'],
      [iso(LOAD_TIMES[2]!), 'a4'],
      [iso(LOAD_TIMES[1]!), 'a2'],
      [iso(LOAD_TIMES[1]!), 'a5'],
    ]);
    expect(all.entered.rows[0]!.record).toEqual({
      id: 'a1',
      name: 'Acme Corp',
      domain: 'acme.com',
    });
    expect(all.left.rows.map((row) => row.record)).toEqual([
      { id: 'a3' },
      { id: 'a1', name: 'Acme Corp', domain: 'acme.com' },
    ]);

    const latest = await readCohortChanges(
      warehouse,
      orgId,
      PAYING_COHORT.cohortId,
      'accounts',
      LOAD_TIMES[2]!,
      1,
    );
    expect(latest.entered.total).toBe(2);
    expect(latest.entered.rows.map((row) => [row.changedAt, row.record.id])).toEqual([
      [iso(LOAD_TIMES[2]!), 'a1'],
    ]);
    expect(latest.left.total).toBe(1);
  });

  it('a cohort never snapshotted has no changes', async () => {
    const none = await readCohortChanges(warehouse, orgId, 'other', 'users', 0, 10);
    expect(none).toEqual({ entered: { total: 0, rows: [] }, left: { total: 0, rows: [] } });
  });
});
