import type { Warehouse } from '../engine/warehouse.js';
import { COHORT_COUNTS_TABLE, COHORT_TABLES } from '../model/cohort-tables.js';

/**
 * Creates the snapshot tables the organization does not have yet. Only missing ones: they
 * are history, so unlike the derived tables of a load they are never dropped and rebuilt.
 */
export async function ensureCohortTables(warehouse: Warehouse, orgId: string): Promise<void> {
  // One lookup in the usual case (every snapshot asks), three only on the first snapshot.
  if (await hasCohortTables(warehouse, orgId)) return;
  for (const table of COHORT_TABLES) {
    if (!(await warehouse.hasTable(orgId, table.name))) await warehouse.createTable(orgId, table);
  }
}

/**
 * Whether the organization has ever been snapshotted (readers answer "nothing" before). The
 * counts table is created last, so it existing means the others do.
 */
export function hasCohortTables(warehouse: Warehouse, orgId: string): Promise<boolean> {
  return warehouse.hasTable(orgId, COHORT_COUNTS_TABLE.name);
}
