import type { BaseTable } from '@revlane/contracts';
import {
  SOURCE_ALIASES,
  type CatalogueColumn,
  type SourceTable,
} from '../catalogue/catalogue-column.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';

/** The SQL expression of a catalogue column: `alias."column"`, both parts from code. */
export function columnExpression(column: CatalogueColumn): string {
  return `${SOURCE_ALIASES[column.source]}.${quoteIdentifier(column.sourceColumn)}`;
}

interface Join {
  source: SourceTable;
  on: string;
}

/**
 * Each base table's row source and the one-to-one joins its catalogue may need. Every join
 * is on a unique key, so joining never changes the row count: a query joins only the
 * sources its columns, filters, search and sort use.
 */
const SOURCES: Record<BaseTable, { base: SourceTable; joins: Join[] }> = {
  accounts: {
    base: 'accounts',
    joins: [{ source: 'account_metrics', on: 'am.account_id = a.id' }],
  },
  users: {
    base: 'users',
    joins: [
      { source: 'user_metrics', on: 'um.user_id = u.id' },
      { source: 'accounts', on: 'a.id = u.account_id' },
      { source: 'account_metrics', on: 'am.account_id = u.account_id' },
    ],
  },
};

/** The base table's `id` (stable tie-break and row key). */
export function idExpression(table: BaseTable): string {
  return `${SOURCE_ALIASES[SOURCES[table].base]}."id"`;
}

/** `FROM base alias LEFT JOIN …` for the columns used, each table qualified for the org. */
export function fromClause(
  dialect: Dialect,
  orgId: string,
  table: BaseTable,
  used: Iterable<CatalogueColumn>,
): string {
  const needed = new Set<SourceTable>([...used].map((column) => column.source));
  const { base, joins } = SOURCES[table];
  const reference = (source: SourceTable) =>
    `${dialect.table(orgId, source)} ${SOURCE_ALIASES[source]}`;
  const parts = [`FROM ${reference(base)}`];
  for (const join of joins) {
    if (needed.has(join.source)) parts.push(`LEFT JOIN ${reference(join.source)} ON ${join.on}`);
  }
  return parts.join(' ');
}
