import type { BaseTable } from '@revlane/contracts';
import { compileSeriesQuery } from '../compiler/compile-series-query.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { CompiledQuery, Warehouse } from '../engine/warehouse.js';
import { cohortTableNames, statementWith, type CohortTableNames } from './cohort-tables-sql.js';
import { ensureCohortTables } from './ensure-cohort-tables.js';
import { historyStatements } from './history-statements.js';

export interface CohortToBackfill {
  cohortId: string;
  table: BaseTable;
  filters: readonly unknown[];
  /** Who "me" on an owner's email means in its filters: the cohort's creator (ADR 0032). */
  viewerEmail?: string | null;
  /**
   * Its filters changed since its snapshots were taken: they are replaced by the new history
   * in the same transaction, instead of leaving the cohort alone (ADR 0013).
   */
  replace?: boolean;
}

export interface BackfillSeries {
  /** The series tables of the days (as-of/withAsOfSeriesTables): the cohort's table among them. */
  tables: Partial<Record<BaseTable, string>>;
  /** Their as-of days: UTC day starts, ascending. */
  days: readonly number[];
  /** The catalogue the series were built with (ADR 0026). */
  catalogue?: OrgCatalogue;
}

/**
 * Gives a cohort without snapshots its daily history from series tables, one snapshot per
 * day at the day's last millisecond, in ONE warehouse transaction (history-statements.ts).
 * Returns false, writing nothing, when the cohort already has snapshots, unless `replace`:
 * then its old snapshots are deleted first in that transaction, so a failure keeps them
 * whole. Throws SegmentQueryError when its filters no longer compile.
 */
export async function backfillCohort(
  warehouse: Warehouse,
  orgId: string,
  cohort: CohortToBackfill,
  series: BackfillSeries,
): Promise<boolean> {
  const { table, filters, viewerEmail } = cohort;
  const sourceTable = series.tables[table];
  if (!sourceTable) throw new Error(`No ${table} series table to back-fill from`);
  const membersByDay = compileSeriesQuery(
    { orgId, table, filters, sourceTable, catalogue: series.catalogue, viewerEmail },
    warehouse.dialect,
  ).idsByDayQuery;
  await ensureCohortTables(warehouse, orgId);
  const tables = cohortTableNames(warehouse.dialect, orgId);
  if (!cohort.replace && (await hasSnapshots(warehouse, orgId, cohort.cohortId))) return false;
  const history = { cohortId: cohort.cohortId, days: series.days, membersByDay };
  const clear = cohort.replace ? clearStatements(tables, cohort.cohortId) : [];
  await warehouse.execute(orgId, [...clear, ...historyStatements(tables, history)]);
  return true;
}

function clearStatements(tables: CohortTableNames, cohortId: string): CompiledQuery[] {
  return [tables.changes, tables.members, tables.counts].map((table) =>
    statementWith(null, (p) => `DELETE FROM ${table} WHERE cohort_id = ${p.add(cohortId)}`),
  );
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
