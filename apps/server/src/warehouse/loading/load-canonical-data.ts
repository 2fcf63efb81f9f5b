import { nextTableName, type BatchSource } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { CANONICAL_TABLES, type CanonicalTableName } from '../model/canonical-tables.js';
import { OrgCatalogue } from '../catalogue/org-catalogue.js';
import { readCatalogue } from './load-info.js';
import { buildDerivedTables } from './rebuild-metrics.js';

export type CanonicalLoad = Partial<Record<CanonicalTableName, BatchSource>>;

export interface LoadOptions {
  /** The moment metric windows end at (default: now). */
  asOf?: number;
  /** Called after each table is loaded, with its row count. */
  onTableLoaded?: (table: CanonicalTableName, rows: number) => void;
}

/**
 * Loads canonical tables (docs/architecture.md §5.1): each given table is built as `<name>__next`, the
 * metric tables are rebuilt from the new data, then everything is swapped in in ONE
 * transaction, so a reader never sees new accounts with old metrics or a half load.
 * Tables not given keep their data (an empty one is created when there is none yet).
 */
export async function loadCanonicalData(
  warehouse: Warehouse,
  orgId: string,
  load: CanonicalLoad,
  options: LoadOptions = {},
): Promise<Record<CanonicalTableName, number | null>> {
  const sources = { accounts: 'accounts', users: 'users', events: 'events' };
  const swapped: string[] = [];
  const counts = { accounts: null, users: null, events: null } as Record<
    CanonicalTableName,
    number | null
  >;
  for (const table of CANONICAL_TABLES) {
    const batches = load[table.name] ?? (await missingTable(warehouse, orgId, table.name));
    if (!batches) continue;
    const next = { ...table, name: nextTableName(table.name) };
    await warehouse.createTable(orgId, next);
    const rows = await warehouse.bulkLoad(orgId, next, batches);
    counts[table.name] = rows;
    options.onTableLoaded?.(table.name, rows);
    sources[table.name] = next.name;
    swapped.push(table.name);
  }
  // A replaced table has only the built-in columns; a kept one keeps its custom ones.
  const current = await readCatalogue(warehouse, orgId);
  const catalogue = new OrgCatalogue(
    current.custom.filter((column) => !swapped.includes(column.table)),
  );
  const asOf = options.asOf ?? Date.now();
  const derived = await buildDerivedTables(warehouse, orgId, sources, asOf, catalogue);
  await warehouse.swapTables(orgId, [...swapped, ...derived]);
  return counts;
}

/** An empty batch source for a table the organization does not have yet, else null. */
async function missingTable(warehouse: Warehouse, orgId: string, name: string) {
  return (await warehouse.hasTable(orgId, name)) ? null : [];
}
