import type { BaseTable, SegmentColumn } from '@revlane/contracts';
import type { CatalogueColumn } from './catalogue-column.js';
import { BUILT_IN_CATALOGUE } from './org-catalogue.js';

/**
 * The built-in column catalogue of a base table (docs/architecture.md §5.2), stored and
 * computed columns, in default display order. An organization's own catalogue adds its
 * custom attributes (OrgCatalogue, ADR 0026); these are for code that needs only the
 * built-in columns.
 */
export function getColumns(table: BaseTable): SegmentColumn[] {
  return BUILT_IN_CATALOGUE.segmentColumns(table);
}

/** The server-side entries (with their SQL source). */
export function getCatalogue(table: BaseTable): readonly CatalogueColumn[] {
  return BUILT_IN_CATALOGUE.columns(table);
}

/** A built-in column by name; `Object.hasOwn`-safe (a name like `__proto__` is unknown). */
export function findColumn(table: BaseTable, name: string): CatalogueColumn | undefined {
  return BUILT_IN_CATALOGUE.find(table, name);
}
