import type { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { asTimestamp, statementWith, type CohortTableNames } from './cohort-tables-sql.js';

const DAY_MS = 86_400_000;

export interface CohortHistory {
  cohortId: string;
  /** UTC day starts, ascending; each day's snapshot is at its last millisecond. */
  days: readonly number[];
  /** `as_of_day`, `id`: the members of every day (compileSeriesQuery's idsByDayQuery). */
  membersByDay: CompiledQuery;
}

/** `(day, previous_day, snapshot_at)` per day; the first day has no previous one. */
function daysTable(p: SqlParams, days: readonly number[]): string {
  const at = (millis: number | undefined) =>
    millis === undefined ? 'CAST(NULL AS TIMESTAMP)' : asTimestamp(p.add(timestampLiteral(millis)));
  const rows = days.map(
    (day, index) => `(${at(day)}, ${at(days[index - 1])}, ${at(day + DAY_MS - 1)})`,
  );
  return `(VALUES ${rows.join(', ')}) AS d(day, previous_day, snapshot_at)`;
}

/**
 * A cohort's whole daily history written set-based in ONE transaction, with snapshotCohort's
 * rules: the first day is the baseline (members, no changes), every later day records who
 * entered and left against the day before, the members are the last day's, and the counts
 * rows (members, entered, left per day) come last. Every statement is guarded by "the
 * cohort has no snapshot yet", so a retried or concurrent back-fill writes nothing twice.
 */
export function historyStatements(
  tables: CohortTableNames,
  history: CohortHistory,
): CompiledQuery[] {
  const { membersByDay } = history;
  const cohort = (p: SqlParams) => `CAST(${p.add(history.cohortId)} AS TEXT)`;
  const isNew = (p: SqlParams) =>
    `NOT EXISTS (SELECT 1 FROM ${tables.counts} WHERE cohort_id = ${cohort(p)})`;
  // Each statement embeds the members query as `m`, its values first (see statementWith).
  const withMembers = (p: SqlParams) =>
    `WITH m AS (SELECT q.as_of_day, q."id" AS member_id FROM (${membersByDay.sql}) q), ` +
    `d AS (SELECT * FROM ${daysTable(p, history.days)})`;
  const membersOn = (column: 'day' | 'previous_day') =>
    `SELECT d.snapshot_at, m.member_id FROM d JOIN m ON m.as_of_day = d.${column} ` +
    'WHERE d.previous_day IS NOT NULL';
  const lastDay = history.days.at(-1)!;

  return [
    statementWith(
      membersByDay,
      (p) =>
        `INSERT INTO ${tables.changes} (cohort_id, snapshot_at, member_id, change) ` +
        `${withMembers(p)}, now_in AS (${membersOn('day')}), before_in AS (${membersOn('previous_day')}) ` +
        `SELECT ${cohort(p)}, c.snapshot_at, c.member_id, c.change FROM (` +
        `SELECT e.*, 'entered' AS change FROM (SELECT * FROM now_in EXCEPT SELECT * FROM before_in) e ` +
        `UNION ALL SELECT l.*, 'left' AS change FROM (SELECT * FROM before_in EXCEPT SELECT * FROM now_in) l` +
        `) c WHERE ${isNew(p)}`,
    ),
    statementWith(
      membersByDay,
      (p) =>
        `INSERT INTO ${tables.members} (cohort_id, member_id) ` +
        `SELECT ${cohort(p)}, q."id" FROM (${membersByDay.sql}) q ` +
        `WHERE q.as_of_day = ${asTimestamp(p.add(timestampLiteral(lastDay)))} AND ${isNew(p)}`,
    ),
    statementWith(
      membersByDay,
      (p) =>
        `INSERT INTO ${tables.counts} (cohort_id, day, members, entered, "left", snapshot_at) ` +
        `${withMembers(p)} ` +
        `SELECT ${cohort(p)}, d.day, COALESCE(n.members, 0), COALESCE(c.entered, 0), ` +
        `COALESCE(c."left", 0), d.snapshot_at FROM d ` +
        `LEFT JOIN (SELECT as_of_day, COUNT(*) AS members FROM m GROUP BY as_of_day) n ON n.as_of_day = d.day ` +
        `LEFT JOIN (SELECT snapshot_at, COUNT(*) FILTER (WHERE change = 'entered') AS entered, ` +
        `COUNT(*) FILTER (WHERE change = 'left') AS "left" FROM ${tables.changes} ` +
        `WHERE cohort_id = ${cohort(p)} GROUP BY snapshot_at) c ON c.snapshot_at = d.snapshot_at ` +
        `WHERE ${isNew(p)}`,
    ),
  ];
}
