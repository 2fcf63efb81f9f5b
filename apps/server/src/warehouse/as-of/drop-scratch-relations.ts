import type { Warehouse } from '../engine/warehouse.js';

export interface ScratchRelations {
  views?: readonly string[];
  tables: readonly string[];
}

/**
 * Drops scratch views, then tables (those that exist: a build may have failed half-way).
 * Views go first because PostgreSQL refuses to drop a table a view still reads.
 */
export async function dropScratchRelations(
  warehouse: Warehouse,
  orgId: string,
  { views = [], tables }: ScratchRelations,
): Promise<void> {
  const drop = (kind: 'VIEW' | 'TABLE') => (name: string) => ({
    sql: `DROP ${kind} IF EXISTS ${warehouse.dialect.table(orgId, name)}`,
    params: [],
  });
  await warehouse.execute(orgId, [...views.map(drop('VIEW')), ...tables.map(drop('TABLE'))]);
}
