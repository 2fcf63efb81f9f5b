import type { Warehouse } from '../engine/warehouse.js';
import { cohortTableNames } from './cohort-tables-sql.js';
import { hasCohortTables } from './ensure-cohort-tables.js';

/** Ids of the cohorts that have at least one snapshot (a back-fill leaves those alone). */
export async function readSnapshottedCohortIds(
  warehouse: Warehouse,
  orgId: string,
): Promise<Set<string>> {
  if (!(await hasCohortTables(warehouse, orgId))) return new Set();
  const { counts } = cohortTableNames(warehouse.dialect, orgId);
  const rows = await warehouse.query(orgId, {
    sql: `SELECT DISTINCT cohort_id FROM ${counts}`,
    params: [],
  });
  return new Set(rows.map((row) => row.cohort_id as string));
}
