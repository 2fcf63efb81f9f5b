import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { Dialect } from '../engine/dialect.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { columnExpression, fromClause } from './query-source.js';
import type { GroupSortTarget, ResolvedQuery } from './segment-query-input.js';
import { orderTerm, pageClause, whereClause } from './sql-clauses.js';

export interface CompiledGrouping {
  /** Rows `{ pivot, pivot_identifier?, count, sum_0…sum_n }`, a page of groups. */
  groupsQuery: CompiledQuery;
  /** `SELECT COUNT(*) AS total` over the groups. */
  countQuery: CompiledQuery;
  /** Every group in page order, no limit (the grouped view's export). */
  exportQuery: CompiledQuery;
  /** Catalogue names of the summed columns, in `sum_<i>` order. */
  sumColumns: string[];
  pivot: string;
  pivotIdentifier: string | null;
}

const KEY_ALIASES = ['pivot', 'pivot_identifier'] as const;

/**
 * A group key. Timestamps group by calendar day as `YYYY-MM-DD` text (grouping by the exact
 * instant would make a group per record); the text cast prints dates alike on both engines.
 */
function keyExpression(column: CatalogueColumn): string {
  const expression = columnExpression(column);
  return column.dataType === 'timestamp' ? `CAST(CAST(${expression} AS DATE) AS TEXT)` : expression;
}

function sortExpression(
  query: ResolvedQuery,
  target: GroupSortTarget,
): [string, CatalogueColumn | null] {
  if (target.kind === 'count') return ['COUNT(*)', null];
  if (target.kind === 'sum') return [`SUM(${columnExpression(target.column)})`, null];
  const column = query.groupBy[target.index]!;
  return [keyExpression(column), column];
}

/**
 * Grouping by one or two columns (`pivot`, `pivot_identifier`): each group's record count and
 * the sums of the numeric columns shown. Sorted as asked, then by the keys, so the order is
 * total and the same on both engines.
 */
export function compileGrouping(query: ResolvedQuery, dialect: Dialect): CompiledGrouping {
  const keys = query.groupBy.map(keyExpression);
  const from = fromClause(dialect, query.orgId, query.sourceTable);
  const select = [
    ...keys.map((key, index) => `${key} AS "${KEY_ALIASES[index]}"`),
    'COUNT(*) AS "count"',
    ...query.sums.map((column, index) => `SUM(${columnExpression(column)}) AS "sum_${index}"`),
  ];
  const order = [
    ...query.groupSort.map((sort) => {
      const [expression, column] = sortExpression(query, sort.target);
      return orderTerm(dialect, expression, column, sort.descending);
    }),
    ...query.groupBy.map((column, index) => orderTerm(dialect, keys[index]!, column, false)),
  ];
  const grouped = (params: SqlParams) =>
    `${from} ${whereClause(query, params, dialect)} GROUP BY ${keys.join(', ')}`;

  const pageParams = new SqlParams();
  const allGroups = (params: SqlParams) =>
    `SELECT ${select.join(', ')} ${grouped(params)} ORDER BY ${order.join(', ')}`;
  const groupsSql = `${allGroups(pageParams)} ${pageClause(query, pageParams)}`;
  const exportParams = new SqlParams();
  const exportSql = allGroups(exportParams);
  const countParams = new SqlParams();
  const countSql = `SELECT COUNT(*) AS "total" FROM (SELECT 1 AS one ${grouped(countParams)}) g`;
  return {
    groupsQuery: { sql: groupsSql, params: pageParams.list() },
    countQuery: { sql: countSql, params: countParams.list() },
    exportQuery: { sql: exportSql, params: exportParams.list() },
    sumColumns: query.sums.map((column) => column.name),
    pivot: query.groupBy[0]!.name,
    pivotIdentifier: query.groupBy[1]?.name ?? null,
  };
}
