import type { BaseTable } from '@revlane/contracts';
import { compileSeriesQuery } from '../compiler/compile-series-query.js';
import type { Warehouse } from '../engine/warehouse.js';
import { cohortTableNames, statementWith } from './cohort-tables-sql.js';
import { ensureCohortTables } from './ensure-cohort-tables.js';
import { historyStatements } from './history-statements.js';

export interface CohortToBackfill {
  cohortId: string;
  table: BaseTable;
  filters: readonly unknown[];
}

export interface BackfillSeries {
  /** The series tables of the days (as-of/withAsOfSeriesTables): the cohort's table among them. */
  tables: Partial<Record<BaseTable, string>>;
  /** Their as-of days: UTC day starts, ascending. */
  days: readonly number[];
}

/**
 * Gives a cohort without snapshots its daily history from series tables, one snapshot per
 * day at the day's last millisecond, in ONE warehouse transaction (history-statements.ts).
 * Returns false, writing nothing, when the cohort already has snapshots. Throws
 * SegmentQueryError when its filters no longer compile.
 */
export async function backfillCohort(
  warehouse: Warehouse,
  orgId: string,
  cohort: CohortToBackfill,
  series: BackfillSeries,
): Promise<boolean> {
  const { table, filters } = cohort;
  const sourceTable = series.tables[table];
  if (!sourceTable) throw new Error(`No ${table} series table to back-fill from`);
  const membersByDay = compileSeriesQuery(
    { orgId, table, filters, sourceTable },
    warehouse.dialect,
  ).idsByDayQuery;
  await ensureCohortTables(warehouse, orgId);
  const tables = cohortTableNames(warehouse.dialect, orgId);
  if (await hasSnapshots(warehouse, orgId, cohort.cohortId)) return false;
  const history = { cohortId: cohort.cohortId, days: series.days, membersByDay };
  await warehouse.execute(orgId, historyStatements(tables, history));
  return true;
}

async function hasSnapshots(warehouse: Warehouse, orgId: string, cohortId: string) {
  const { counts } = cohortTableNames(warehouse.dialect, orgId);
  const rows = await warehouse.query(
    orgId,
    statementWith(
      null,
      (p) => `SELECT 1 AS found FROM ${counts} WHERE cohort_id = ${p.add(cohortId)}`,
    ),
  );
  return rows.length > 0;
}
