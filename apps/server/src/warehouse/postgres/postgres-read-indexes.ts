import { BASE_TABLES } from '@revlane/contracts';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import { getCatalogue } from '../catalogue/columns.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';
import { postgresDialect } from './postgres-dialect.js';

const TEXTUAL = new Set(['string', 'email', 'link', 'enum', 'default']);
/** Two values, or a list: an index would neither narrow nor order anything worth it. */
const UNINDEXED = new Set(['boolean', 'timeseries']);

/** The columns of a wide segment table that get an index; none for any other table. */
function indexedColumns(name: string): CatalogueColumn[] {
  const table = BASE_TABLES.find((base) => SEGMENT_TABLE_NAMES[base] === name);
  if (!table) return [];
  return getCatalogue(table).filter((column) => !UNINDEXED.has(column.dataType));
}

const suffixOf = (column: CatalogueColumn) => `${column.name}_order`;

/**
 * The leading key of a column's index, in the order a segment page asks for (the compiler's
 * `orderTerm`): text byte-wise ascending, numbers and dates descending ("top by MRR", "last
 * seen"), blanks last. PostgreSQL walks an index for an ORDER BY only when collation and
 * NULLS placement match exactly, so the index spells them out.
 */
function leadingKey(column: CatalogueColumn): string {
  const name = quoteIdentifier(column.name);
  return TEXTUAL.has(column.dataType) ? `${name} COLLATE "C"` : `${name} DESC NULLS LAST`;
}

/** Name suffixes of a table's read indexes (`<table>_<suffix>`), for the swap to rename. */
export const readIndexSuffixes = (name: string): string[] => indexedColumns(name).map(suffixOf);

/**
 * Indexes a wide segment table gets before it goes live: one per sortable column, with the
 * id as the tie-break the compiler always adds, so a sorted page (or a filtered one the
 * planner prefers to walk in order) reads ~50 index entries instead of sorting the table
 * (a 2M-row users page: ~1.2 s → ~1 ms). `built` is the table's name while it is built.
 */
export function readIndexStatements(orgId: string, name: string, built: string): string[] {
  return indexedColumns(name).map((column) => {
    const keys = [leadingKey(column)];
    if (column.name !== 'id') keys.push(`"id" COLLATE "C"`);
    const index = quoteIdentifier(`${built}_${suffixOf(column)}`);
    return `CREATE INDEX ${index} ON ${postgresDialect.table(orgId, built)} (${keys.join(', ')})`;
  });
}
