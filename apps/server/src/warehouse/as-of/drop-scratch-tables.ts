import type { Warehouse } from '../engine/warehouse.js';

/** Drops scratch tables (those that exist: a build may have failed half-way). */
export async function dropScratchTables(
  warehouse: Warehouse,
  orgId: string,
  names: readonly string[],
): Promise<void> {
  await warehouse.execute(
    orgId,
    names.map((name) => ({
      sql: `DROP TABLE IF EXISTS ${warehouse.dialect.table(orgId, name)}`,
      params: [],
    })),
  );
}
