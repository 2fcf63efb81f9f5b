import { AS_OF_DAY_COLUMN } from '../as-of/series-tables.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { ID_EXPRESSION, fromClause } from './query-source.js';
import { resolveQuery } from './resolve-query.js';
import type { SegmentQueryInput } from './segment-query-input.js';
import { whereClause } from './sql-clauses.js';

export interface CompiledSeriesQuery {
  /** `as_of_day`, `total`: matching rows per day; a day without a match has no row. */
  countsByDayQuery: CompiledQuery;
  /** `as_of_day`, `id`: the matching rows of every day, unordered. */
  idsByDayQuery: CompiledQuery;
}

const AS_OF_DAY = `s.${quoteIdentifier(AS_OF_DAY_COLUMN)}`;

/**
 * A segment query's filters (and search) over a series table (as-of/withAsOfSeriesTables),
 * answered per as-of day. Validated and compiled exactly like compileSegmentQuery's WHERE;
 * `sourceTable` is required because only series tables have the day column.
 */
export function compileSeriesQuery(
  input: SegmentQueryInput & { sourceTable: string },
  dialect: Dialect,
): CompiledSeriesQuery {
  const query = resolveQuery({ ...input, columns: ['id'] });
  const from = fromClause(dialect, query.orgId, query.sourceTable);
  // Each row's own day: relative dates move with the series (docs/product.md §5.1).
  const where = (params: SqlParams) => whereClause(query, params, dialect, { column: AS_OF_DAY });
  const countParams = new SqlParams();
  const countsSql =
    `SELECT ${AS_OF_DAY} AS "as_of_day", COUNT(*) AS "total" ${from} ` +
    `${where(countParams)} GROUP BY ${AS_OF_DAY}`;
  const idParams = new SqlParams();
  const idsSql = `SELECT ${AS_OF_DAY} AS "as_of_day", ${ID_EXPRESSION} AS "id" ${from} ${where(idParams)}`;
  return {
    countsByDayQuery: { sql: countsSql, params: countParams.list() },
    idsByDayQuery: { sql: idsSql, params: idParams.list() },
  };
}
