import type { CustomColumn } from '../catalogue/custom-columns.js';
import { builtInDataOptions, withEnumOptions } from '../catalogue/custom-enum-options.js';
import { OrgCatalogue } from '../catalogue/org-catalogue.js';
import { nextTableName, type TableSchema } from '../engine/table-schema.js';
import type { CompiledQuery, Warehouse } from '../engine/warehouse.js';
import { CANONICAL_TABLES, type CanonicalTableName } from '../model/canonical-tables.js';
import { TIMELINE_TABLE_NAMES } from '../model/timeline-tables.js';
import { buildDerivedTables, DERIVED_TABLE_NAMES } from './rebuild-metrics.js';

/** The `__next` name of each canonical table, as the statements must address them. */
export type CanonicalTargets = Record<CanonicalTableName, string>;

/**
 * Loads the canonical tables from SQL run inside the warehouse (a mapping publish,
 * docs/architecture.md §5.1): every canonical table is created empty as `<name>__next`, the
 * statements fill them (`INSERT INTO … SELECT` over landed tables), the metric and segment
 * tables are rebuilt from them and everything is swapped in ONE transaction. A failure
 * anywhere drops the `__next` tables and leaves the previous data as it was.
 * `custom` are the custom attributes (ADR 0026): extra columns of the canonical tables the
 * statements fill; their enum options are read from the built tables and the resulting
 * catalogue is recorded with the load, so it is swapped in with the data it describes.
 */
export async function loadCanonicalSelects(
  warehouse: Warehouse,
  orgId: string,
  statements: (targets: CanonicalTargets) => CompiledQuery[],
  asOf = Date.now(),
  custom: readonly CustomColumn[] = [],
): Promise<Record<CanonicalTableName, number>> {
  const schemaOf = (table: TableSchema) =>
    table.name === 'accounts' || table.name === 'users'
      ? new OrgCatalogue(custom).canonicalSchema(table.name)
      : table;
  const targets = Object.fromEntries(
    CANONICAL_TABLES.map((table) => [table.name, nextTableName(table.name)]),
  ) as CanonicalTargets;
  try {
    for (const table of CANONICAL_TABLES)
      await warehouse.createTable(orgId, { ...schemaOf(table), name: targets[table.name] });
    await warehouse.execute(orgId, statements(targets));
    const counts = {} as Record<CanonicalTableName, number>;
    for (const table of CANONICAL_TABLES) {
      const [row] = await warehouse.query(orgId, {
        sql: `SELECT count(*) AS n FROM ${warehouse.dialect.table(orgId, targets[table.name])}`,
        params: [],
      });
      counts[table.name] = Number(row?.n ?? 0);
    }
    const catalogue = new OrgCatalogue(
      await withEnumOptions(warehouse, orgId, targets, custom),
      await builtInDataOptions(warehouse, orgId, targets),
    );
    const derived = await buildDerivedTables(warehouse, orgId, targets, asOf, catalogue);
    await warehouse.swapTables(orgId, [...CANONICAL_TABLES.map((table) => table.name), ...derived]);
    return counts;
  } catch (error) {
    const scratch = [
      ...CANONICAL_TABLES.map((t) => t.name),
      ...DERIVED_TABLE_NAMES,
      ...TIMELINE_TABLE_NAMES,
    ];
    await warehouse
      .execute(
        orgId,
        scratch.map((name) => ({
          sql: `DROP TABLE IF EXISTS ${warehouse.dialect.table(orgId, nextTableName(name))}`,
          params: [],
        })),
      )
      .catch(() => undefined);
    throw error;
  }
}
