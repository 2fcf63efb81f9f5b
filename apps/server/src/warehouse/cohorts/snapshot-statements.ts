import type { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { asTimestamp, statementWith, type CohortTableNames } from './cohort-tables-sql.js';

const DAY_MS = 86_400_000;

export interface SnapshotMoment {
  cohortId: string;
  snapshotAt: number;
}

/**
 * The statements of one snapshot, run in ONE transaction (see snapshotCohort). Every one is
 * guarded by "no snapshot at or after this moment yet", so a retried or duplicate run writes
 * nothing; the counts row is written last, which is what flips the guard for later runs.
 * `current` selects the cohort's member ids now (column `id`).
 */
export function snapshotStatements(
  tables: CohortTableNames,
  { cohortId, snapshotAt }: SnapshotMoment,
  current: CompiledQuery,
): CompiledQuery[] {
  const at = timestampLiteral(snapshotAt);
  const day = timestampLiteral(Math.floor(snapshotAt / DAY_MS) * DAY_MS);
  const nextDay = timestampLiteral(Math.floor(snapshotAt / DAY_MS) * DAY_MS + DAY_MS);
  const currentIds = `SELECT q."id" AS member_id FROM (${current.sql}) q`;

  // Fragments that bind their values into the statement being built.
  const cohort = (p: SqlParams) => `CAST(${p.add(cohortId)} AS TEXT)`;
  const isNew = (p: SqlParams) =>
    `NOT EXISTS (SELECT 1 FROM ${tables.counts} WHERE cohort_id = ${cohort(p)} AND snapshot_at >= ${asTimestamp(p.add(at))})`;
  const hasPrevious = (p: SqlParams) =>
    `EXISTS (SELECT 1 FROM ${tables.counts} WHERE cohort_id = ${cohort(p)})`;
  const previousIds = (p: SqlParams) =>
    `SELECT member_id FROM ${tables.members} WHERE cohort_id = ${cohort(p)}`;
  const changedIds = (p: SqlParams, change: 'entered' | 'left') =>
    `SELECT member_id FROM ${tables.changes} WHERE cohort_id = ${cohort(p)} AND snapshot_at = ${asTimestamp(p.add(at))} AND change = '${change}'`;
  const appendChanges = (p: SqlParams, change: 'entered' | 'left', ids: string) =>
    `INSERT INTO ${tables.changes} (cohort_id, snapshot_at, member_id, change) ` +
    `SELECT ${cohort(p)}, ${asTimestamp(p.add(at))}, d.member_id, '${change}' FROM (${ids}) d ` +
    `WHERE ${isNew(p)} AND ${hasPrevious(p)}`;
  const dayChanges = (p: SqlParams, change: 'entered' | 'left') =>
    `(SELECT COUNT(*) FROM ${tables.changes} WHERE cohort_id = ${cohort(p)} AND change = '${change}' ` +
    `AND snapshot_at >= ${asTimestamp(p.add(day))} AND snapshot_at < ${asTimestamp(p.add(nextDay))})`;
  const memberCount = (p: SqlParams) =>
    `(SELECT COUNT(*) FROM ${tables.members} WHERE cohort_id = ${cohort(p)})`;
  const dayRow = (p: SqlParams) =>
    `EXISTS (SELECT 1 FROM ${tables.counts} WHERE cohort_id = ${cohort(p)} AND day = ${asTimestamp(p.add(day))})`;

  return [
    // (a) Against the previous snapshot: entered = now − previous, left = previous − now.
    statementWith(current, (p) =>
      appendChanges(p, 'entered', `${currentIds} EXCEPT ${previousIds(p)}`),
    ),
    statementWith(current, (p) =>
      appendChanges(p, 'left', `${previousIds(p)} EXCEPT ${currentIds}`),
    ),
    // (b) Members become now's: the previous ones adjusted by the changes just recorded
    // (writes only what changed), or the whole set on the first (baseline) snapshot.
    statementWith(
      null,
      (p) =>
        `DELETE FROM ${tables.members} WHERE cohort_id = ${cohort(p)} ` +
        `AND member_id IN (${changedIds(p, 'left')}) AND ${isNew(p)}`,
    ),
    statementWith(
      null,
      (p) =>
        `INSERT INTO ${tables.members} (cohort_id, member_id) ` +
        `SELECT ${cohort(p)}, e.member_id FROM (${changedIds(p, 'entered')}) e WHERE ${isNew(p)}`,
    ),
    statementWith(
      current,
      (p) =>
        `INSERT INTO ${tables.members} (cohort_id, member_id) ` +
        `SELECT ${cohort(p)}, c.member_id FROM (${currentIds}) c WHERE ${isNew(p)} AND NOT ${hasPrevious(p)}`,
    ),
    // (c) The day's counts row, from the stored rows (so it can be recomputed): update the
    // day's row if an earlier snapshot that day wrote one, else insert it.
    statementWith(
      null,
      (p) =>
        `UPDATE ${tables.counts} SET members = ${memberCount(p)}, entered = ${dayChanges(p, 'entered')}, ` +
        `"left" = ${dayChanges(p, 'left')}, snapshot_at = ${asTimestamp(p.add(at))} ` +
        `WHERE cohort_id = ${cohort(p)} AND day = ${asTimestamp(p.add(day))} AND ${isNew(p)}`,
    ),
    statementWith(
      null,
      (p) =>
        `INSERT INTO ${tables.counts} (cohort_id, day, members, entered, "left", snapshot_at) ` +
        `SELECT ${cohort(p)}, ${asTimestamp(p.add(day))}, ${memberCount(p)}, ${dayChanges(p, 'entered')}, ` +
        `${dayChanges(p, 'left')}, ${asTimestamp(p.add(at))} WHERE ${isNew(p)} AND NOT ${dayRow(p)}`,
    ),
  ];
}
