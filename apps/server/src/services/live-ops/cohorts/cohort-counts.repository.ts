import { COHORT_COUNTS_TABLE, type Warehouse } from '../../../warehouse/index.js';
/** One row of cohort_counts: a cohort's day (`YYYY-MM-DD`). */
export interface DailyCount {
  day: string;
  members: number;
  entered: number;
  left: number;
}

export interface CohortDailyCount extends DailyCount {
  cohortId: string;
}

const dayStart = (day: string) => `${day} 00:00:00`;

/**
 * The cohorts' rows of `cohort_counts` from `from` to `to` (UTC days, both included), read
 * from the organization's own warehouse. Before the first snapshot job the table does not
 * exist yet: no rows, so every point is null rather than an error.
 */
export async function readCohortCounts(
  warehouse: Warehouse,
  orgId: string,
  cohortIds: readonly string[],
  from: string,
  to: string,
): Promise<CohortDailyCount[]> {
  if (cohortIds.length === 0) return [];
  if (!(await warehouse.hasTable(orgId, COHORT_COUNTS_TABLE.name))) return [];
  const ids = cohortIds.map((_, index) => `$${index + 3}`).join(', ');
  const rows = await warehouse.query(orgId, {
    sql: `SELECT cohort_id, day, members, entered, "left"
      FROM ${warehouse.dialect.table(orgId, COHORT_COUNTS_TABLE.name)}
      WHERE day >= CAST($1 AS TIMESTAMP) AND day <= CAST($2 AS TIMESTAMP) AND cohort_id IN (${ids})
      ORDER BY cohort_id, day`,
    params: [dayStart(from), dayStart(to), ...cohortIds],
  });
  return rows.map((row) => ({
    cohortId: row.cohort_id as string,
    day: (row.day as string).slice(0, 10),
    members: Number(row.members),
    entered: Number(row.entered),
    left: Number(row.left),
  }));
}
