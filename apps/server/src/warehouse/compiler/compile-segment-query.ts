import type { SegmentColumn } from '@revlane/contracts';
import { toSegmentColumn } from '../catalogue/catalogue-column.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { csvSelectList } from './csv-columns.js';
import { compileGrouping, type CompiledGrouping } from './compile-grouping.js';
import { ID_EXPRESSION, columnExpression, fromClause } from './query-source.js';
import { resolveQuery } from './resolve-query.js';
import type { ResolvedQuery, SegmentQueryInput } from './segment-query-input.js';
import { orderTerm, pageClause, whereClause } from './sql-clauses.js';

export interface CompiledSegmentQuery {
  /** The columns of each row, in order (the data response's `columns`). */
  columns: SegmentColumn[];
  page: number;
  perPage: number;
  /** One page of rows: `id` and the selected columns, keyed by column name. */
  pageQuery: CompiledQuery;
  /** `SELECT COUNT(*) AS total` of the matching rows. */
  countQuery: CompiledQuery;
  /** Every matching row in page order, no limit (export as JSON rows). */
  exportQuery: CompiledQuery;
  /** The same rows as CSV-ready text columns, formulas defused (see csv-columns.ts). */
  csvQuery: CompiledQuery;
  /** With `groupBy`: a page of groups and the number of groups. */
  grouping: CompiledGrouping | null;
}

function selectList(query: ResolvedQuery): string {
  const id = `${ID_EXPRESSION} AS "id"`;
  const others = query.columns
    .filter((column) => column.name !== 'id')
    .map((column) => `${columnExpression(column)} AS ${quoteIdentifier(column.name)}`);
  return [id, ...others].join(', ');
}

function orderBy(dialect: Dialect, query: ResolvedQuery): string {
  const terms = query.sort.map((sort) =>
    orderTerm(dialect, columnExpression(sort.column), sort.column, sort.descending),
  );
  // The id breaks ties, so pages never overlap or skip rows, on either engine.
  terms.push(orderTerm(dialect, ID_EXPRESSION, { dataType: 'default' }, false));
  return `ORDER BY ${terms.join(', ')}`;
}

/**
 * THE segment SQL compiler (docs/architecture.md §5.3–5.4): validates the query against the table's
 * catalogue (throws SegmentQueryError naming every bad part), then emits the page, count,
 * export and grouping queries for a dialect. Identifiers come only from the catalogue, every
 * value is a bound parameter, every table is qualified for `input.orgId`.
 */
export function compileSegmentQuery(
  input: SegmentQueryInput,
  dialect: Dialect,
): CompiledSegmentQuery {
  const query = resolveQuery(input);
  const from = fromClause(dialect, query.orgId, query.sourceTable);
  const rowsSql = (params: SqlParams) =>
    `SELECT ${selectList(query)} ${from} ${whereClause(query, params, dialect)} ${orderBy(dialect, query)}`;

  const pageParams = new SqlParams();
  const pageSql = `${rowsSql(pageParams)} ${pageClause(query, pageParams)}`;
  const exportParams = new SqlParams();
  const exportSql = rowsSql(exportParams);
  const csvParams = new SqlParams();
  const csvSql = `SELECT ${csvSelectList(dialect, query.columns)} ${from} ${whereClause(query, csvParams, dialect)} ${orderBy(dialect, query)}`;
  const countParams = new SqlParams();
  const countSql = `SELECT COUNT(*) AS "total" ${from} ${whereClause(query, countParams, dialect)}`;

  return {
    columns: query.columns.map(toSegmentColumn),
    page: query.page,
    perPage: query.perPage,
    pageQuery: { sql: pageSql, params: pageParams.list() },
    countQuery: { sql: countSql, params: countParams.list() },
    exportQuery: { sql: exportSql, params: exportParams.list() },
    csvQuery: { sql: csvSql, params: csvParams.list() },
    grouping: query.groupBy.length > 0 ? compileGrouping(query, dialect) : null,
  };
}
