import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { Dialect } from '../engine/dialect.js';
import type { SqlParams } from '../engine/sql-params.js';
import { filterCondition, type DayReference } from './filter-sql.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { COHORT_CHANGES_TABLE } from '../model/cohort-tables.js';
import { ID_EXPRESSION, columnExpression } from './query-source.js';
import type {
  CohortChangesScope,
  ResolvedCondition,
  ResolvedQuery,
} from './segment-query-input.js';

/** Columns free-text search looks in: the base table's own string and email columns. */
export function searchColumns(query: ResolvedQuery): CatalogueColumn[] {
  const base = query.table;
  return query.catalogue
    .columns(base)
    .filter(
      (column) =>
        column.source === base && (column.dataType === 'string' || column.dataType === 'email'),
    );
}

/** One filter, or a group's filters joined by OR (`any`) or AND (`all`), in parentheses. */
function condition(item: ResolvedCondition, params: SqlParams, reference: DayReference): string {
  if ('match' in item) {
    const parts = item.filters.map((filter) => condition(filter, params, reference));
    return `(${parts.join(item.match === 'any' ? ' OR ' : ' AND ')})`;
  }
  return filterCondition(item, columnExpression(item.column), params, reference);
}

/**
 * A boolean SQL expression of resolved filters (AND), over a relation aliased `s` that holds
 * the catalogue's columns under their names (columnExpression), or TRUE when there are none.
 * What a score's fit rule matches (ADR 0034), written exactly as a segment's WHERE is.
 */
export function filtersCondition(
  filters: readonly ResolvedCondition[],
  params: SqlParams,
  reference: DayReference,
): string {
  if (filters.length === 0) return 'TRUE';
  return `(${filters.map((item) => condition(item, params, reference)).join(' AND ')})`;
}

/**
 * `WHERE …` of the filters (AND) and the search (OR over searchable columns), or ''.
 * Relative dates count from the query's day unless told otherwise (series tables).
 */
export function whereClause(
  query: ResolvedQuery,
  params: SqlParams,
  dialect: Dialect,
  reference: DayReference = { day: query.today },
): string {
  const conditions = query.filters.map((item) => condition(item, params, reference));
  if (query.changesOf) conditions.push(changedCondition(query, query.changesOf, params, dialect));
  if (query.search) {
    const placeholder = params.add(query.search);
    const matches = searchColumns(query).map(
      (column) => `strpos(lower(${columnExpression(column)}), ${placeholder}) > 0`,
    );
    conditions.push(`(${matches.join(' OR ')})`);
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** The record is among those the cohort's snapshots recorded as entered (or left) since. */
function changedCondition(
  query: ResolvedQuery,
  scope: CohortChangesScope,
  params: SqlParams,
  dialect: Dialect,
): string {
  const changes = dialect.table(query.orgId, COHORT_CHANGES_TABLE.name);
  return (
    `${ID_EXPRESSION} IN (SELECT c.member_id FROM ${changes} c WHERE c.cohort_id = ${params.add(scope.cohortId)} ` +
    `AND c.change = ${params.add(scope.change)} ` +
    `AND c.snapshot_at >= CAST(${params.add(timestampLiteral(scope.since))} AS TIMESTAMP))`
  );
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
