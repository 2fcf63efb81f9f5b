import type { BaseTable, SegmentColumn } from '@revlane/contracts';
import { ACCOUNT_COLUMNS } from './account-columns.js';
import { toSegmentColumn, type CatalogueColumn } from './catalogue-column.js';
import { USER_COLUMNS } from './user-columns.js';

const CATALOGUES: Record<BaseTable, readonly CatalogueColumn[]> = {
  accounts: ACCOUNT_COLUMNS,
  users: USER_COLUMNS,
};

const BY_NAME: Record<BaseTable, ReadonlyMap<string, CatalogueColumn>> = {
  accounts: new Map(ACCOUNT_COLUMNS.map((column) => [column.name, column])),
  users: new Map(USER_COLUMNS.map((column) => [column.name, column])),
};

/**
 * The column catalogue of a base table (docs/architecture.md §5.2), stored and computed columns, in
 * default display order: what `GET segments/tables/{table}/columns` answers.
 */
export function getColumns(table: BaseTable): SegmentColumn[] {
  return CATALOGUES[table].map(toSegmentColumn);
}

/** The server-side entries (with their SQL source), for the compiler. */
export function getCatalogue(table: BaseTable): readonly CatalogueColumn[] {
  return CATALOGUES[table];
}

/** A column by name; `Object.hasOwn`-safe (a name like `__proto__` is simply unknown). */
export function findColumn(table: BaseTable, name: string): CatalogueColumn | undefined {
  return BY_NAME[table].get(name);
}
