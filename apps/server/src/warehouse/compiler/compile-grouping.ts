import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { Dialect } from '../engine/dialect.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { columnExpression, fromClause } from './query-source.js';
import type { GroupSortTarget, ResolvedAggregate, ResolvedQuery } from './segment-query-input.js';
import { orderTerm, pageClause, whereClause } from './sql-clauses.js';

export interface CompiledGrouping {
  /**
   * Rows `{ pivot, pivot_identifier?, count, agg_0…agg_n }`, a page of groups; an average
   * comes as its exact sum `agg_<i>` and count `agg_<i>_n`.
   */
  groupsQuery: CompiledQuery;
  /** `SELECT COUNT(*) AS total` over the groups. */
  countQuery: CompiledQuery;
  /** Every group in page order, no limit (the grouped view's export). */
  exportQuery: CompiledQuery;
  /** The aggregated columns, in `agg_<i>` order. */
  aggregates: ResolvedAggregate[];
  /** The group columns: `pivot`, then `pivot_identifier`. */
  keyColumns: CatalogueColumn[];
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

/**
 * An aggregate as both engines compute it alike, and exactly. The median is the mean of the
 * two middle values (the same value for an odd count), each found by `percentile_disc`, and
 * halved by a decimal `* 0.5`: `percentile_cont` works in doubles on PostgreSQL, and DuckDB's
 * `median` rounds a DECIMAL to the column's own scale (1.25 and 2.5 give 1.87), while
 * decimal arithmetic keeps every digit on both. Blanks are left out, as every SQL aggregate
 * does.
 */
function aggregateExpression({ column, aggregate }: ResolvedAggregate): string {
  const value = columnExpression(column);
  switch (aggregate) {
    case 'count':
      return `COUNT(${value})`;
    case 'sum':
      return `SUM(${value})`;
    case 'min':
      return `MIN(${value})`;
    case 'max':
      return `MAX(${value})`;
    case 'avg':
      return `AVG(${value})`;
    case 'median': {
      const middle = (direction: string) =>
        `percentile_disc(0.5) WITHIN GROUP (ORDER BY ${value} ${direction}) * 0.5`;
      return `(${middle('ASC')} + ${middle('DESC')})`;
    }
  }
}

/**
 * The select terms of one aggregate. An average is read as its exact sum and count, and
 * divided in the reader (segment-groups.ts): DuckDB's AVG is a double and PostgreSQL's a
 * 16-decimal numeric, which could round apart.
 */
function aggregateTerms(resolved: ResolvedAggregate, index: number): string[] {
  if (resolved.aggregate !== 'avg') return [`${aggregateExpression(resolved)} AS "agg_${index}"`];
  const value = columnExpression(resolved.column);
  return [`SUM(${value}) AS "agg_${index}"`, `COUNT(${value}) AS "agg_${index}_n"`];
}

function sortExpression(
  query: ResolvedQuery,
  target: GroupSortTarget,
): [string, CatalogueColumn | null] {
  if (target.kind === 'count') return ['COUNT(*)', null];
  if (target.kind === 'aggregate') return [aggregateExpression(target.aggregate), null];
  const column = query.groupBy[target.index]!;
  return [keyExpression(column), column];
}

/**
 * Grouping by one or two columns (`pivot`, `pivot_identifier`): each group's record count and
 * an aggregate of each numeric column shown (resolve-aggregates.ts). Sorted as asked, then by
 * the keys, so the order is total and the same on both engines.
 */
export function compileGrouping(query: ResolvedQuery, dialect: Dialect): CompiledGrouping {
  const keys = query.groupBy.map(keyExpression);
  const from = fromClause(dialect, query.orgId, query.sourceTable);
  const select = [
    ...keys.map((key, index) => `${key} AS "${KEY_ALIASES[index]}"`),
    'COUNT(*) AS "count"',
    ...query.aggregates.flatMap(aggregateTerms),
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
    aggregates: query.aggregates,
    keyColumns: query.groupBy,
    pivot: query.groupBy[0]!.name,
    pivotIdentifier: query.groupBy[1]?.name ?? null,
  };
}
