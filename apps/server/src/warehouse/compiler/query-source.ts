import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';

/**
 * Segment queries read the base table's wide segment table (model/segment-tables.ts), where
 * every catalogue column is stored under its own name: `s."name"`, from code only.
 */
export function columnExpression(column: CatalogueColumn): string {
  return `s.${quoteIdentifier(column.name)}`;
}

/** The row key and stable tie-break. */
export const ID_EXPRESSION = 's."id"';

/** `FROM <segment table> s`, qualified for the organization. */
export function fromClause(dialect: Dialect, orgId: string, sourceTable: string): string {
  return `FROM ${dialect.table(orgId, sourceTable)} s`;
}
