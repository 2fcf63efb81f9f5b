import type { BaseTable } from '@revlane/contracts';
import { SOURCE_ALIASES, type SourceTable } from '../catalogue/catalogue-column.js';
import { getCatalogue } from '../catalogue/columns.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { AS_OF_DAY_COLUMN } from './series-tables.js';

/**
 * How each segment series is assembled, like the one-day segment tables
 * (metrics/segment-table-statements.ts) with the as-of day added to the metric joins: the
 * metric series drives (one row per record and day), attributes are today's.
 */
const FROM: Record<BaseTable, (ref: (source: SourceTable) => string) => string> = {
  accounts: (ref) => `${ref('account_metrics')} JOIN ${ref('accounts')} ON a.id = am.account_id`,
  users: (ref) =>
    `${ref('user_metrics')} JOIN ${ref('users')} ON u.id = um.user_id ` +
    `LEFT JOIN ${ref('accounts')} ON a.id = u.account_id ` +
    `LEFT JOIN ${ref('account_metrics')} ON am.account_id = u.account_id AND am.as_of_day = um.as_of_day`,
};

const DAY_SOURCE: Record<BaseTable, SourceTable> = {
  accounts: 'account_metrics',
  users: 'user_metrics',
};

/**
 * `INSERT INTO <series> SELECT …`: the as-of day, then every catalogue column under its
 * name; the sparkline is NULL (see series-tables.ts).
 */
export function segmentSeriesInsert(
  dialect: Dialect,
  orgId: string,
  table: BaseTable,
  target: string,
  sourceNames: Record<SourceTable, string>,
): CompiledQuery {
  const columns = getCatalogue(table);
  const ref = (source: SourceTable) =>
    `${dialect.table(orgId, sourceNames[source])} ${SOURCE_ALIASES[source]}`;
  const select = columns.map((column) =>
    column.dataType === 'timeseries'
      ? 'NULL'
      : `${SOURCE_ALIASES[column.source]}.${quoteIdentifier(column.sourceColumn)}`,
  );
  const names = [AS_OF_DAY_COLUMN, ...columns.map((column) => column.name)];
  const sql = `INSERT INTO ${dialect.table(orgId, target)} (${names.map(quoteIdentifier).join(', ')})
  SELECT ${SOURCE_ALIASES[DAY_SOURCE[table]]}.${AS_OF_DAY_COLUMN}, ${select.join(', ')}
  FROM ${FROM[table](ref)}`;
  return { sql, params: [] };
}
