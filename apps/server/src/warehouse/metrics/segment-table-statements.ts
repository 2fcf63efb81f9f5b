import type { BaseTable } from '@revlane/contracts';
import { SOURCE_ALIASES, type SourceTable } from '../catalogue/catalogue-column.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { CompiledQuery } from '../engine/warehouse.js';

interface Join {
  source: SourceTable;
  on: string;
}

/**
 * How each base table's wide segment table is assembled: the base rows and one-to-one
 * joins on unique keys (a join never changes the row count; a user whose account is missing
 * keeps blank account columns).
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

/**
 * `INSERT INTO <target> SELECT …` filling a segment table from the given source tables
 * (the `__next` ones during a load), one column per entry of the organization's catalogue.
 */
export function segmentTableInsert(
  dialect: Dialect,
  orgId: string,
  table: BaseTable,
  target: string,
  sourceNames: Record<SourceTable, string>,
  catalogue: OrgCatalogue,
): CompiledQuery {
  const columns = catalogue.columns(table);
  const { base, joins } = SOURCES[table];
  const reference = (source: SourceTable) =>
    `${dialect.table(orgId, sourceNames[source])} ${SOURCE_ALIASES[source]}`;
  const select = columns.map(
    (column) => `${SOURCE_ALIASES[column.source]}.${quoteIdentifier(column.sourceColumn)}`,
  );
  const sql = `INSERT INTO ${dialect.table(orgId, target)}
    (${columns.map((column) => quoteIdentifier(column.name)).join(', ')})
  SELECT ${select.join(', ')}
  FROM ${reference(base)} ${joins.map((join) => `LEFT JOIN ${reference(join.source)} ON ${join.on}`).join(' ')}`;
  return { sql, params: [] };
}
