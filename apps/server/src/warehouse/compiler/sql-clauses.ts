import { getCatalogue } from '../catalogue/columns.js';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { Dialect } from '../engine/dialect.js';
import type { SqlParams } from '../engine/sql-params.js';
import { filterCondition } from './filter-sql.js';
import { columnExpression } from './query-source.js';
import type { ResolvedQuery } from './segment-query-input.js';

/** Columns free-text search looks in: the base table's own string and email columns. */
export function searchColumns(query: ResolvedQuery): CatalogueColumn[] {
  const base = query.table;
  return getCatalogue(base).filter(
    (column) =>
      column.source === base && (column.dataType === 'string' || column.dataType === 'email'),
  );
}

/** `WHERE …` of the filters (AND) and the search (OR over searchable columns), or ''. */
export function whereClause(query: ResolvedQuery, params: SqlParams): string {
  const conditions = query.filters.map((filter) =>
    filterCondition(filter, columnExpression(filter.column), params),
  );
  if (query.search) {
    const placeholder = params.add(query.search);
    const matches = searchColumns(query).map(
      (column) => `strpos(lower(${columnExpression(column)}), ${placeholder}) > 0`,
    );
    conditions.push(`(${matches.join(' OR ')})`);
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

const BINARY_SORTED = new Set(['string', 'email', 'link', 'enum', 'default']);

/**
 * One ORDER BY term. Both engines are told everything that could differ: byte-wise text
 * order and blanks last in both directions (PostgreSQL's default puts NULLs first when
 * descending, DuckDB's last).
 */
export function orderTerm(
  dialect: Dialect,
  expression: string,
  column: Pick<CatalogueColumn, 'dataType'> | null,
  descending: boolean,
): string {
  const sorted =
    column && BINARY_SORTED.has(column.dataType) ? dialect.binaryCollation(expression) : expression;
  return `${sorted} ${descending ? 'DESC' : 'ASC'} NULLS LAST`;
}

/** `LIMIT $n OFFSET $m` for a page (numbers bound like every other value). */
export function pageClause(query: ResolvedQuery, params: SqlParams): string {
  const offset = (query.page - 1) * query.perPage;
  return `LIMIT ${params.add(query.perPage)} OFFSET ${params.add(offset)}`;
}
