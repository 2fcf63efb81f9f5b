import type { SqlParams } from '../engine/sql-params.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { isCaseInsensitive } from './filter-values.js';
import type { ResolvedFilter } from './segment-query-input.js';

const DAY_MS = 86_400_000;

/**
 * The UTC day relative-date filters count from (docs/product.md §5.1): a fixed day (a page
 * is today, a cohort snapshot its own day), or a column holding each row's day (series
 * tables' `as_of_day`, so a trend evaluates "in the last 30 days" as of each of its days).
 */
export type DayReference = { day: number } | { column: string };

/** The start of the day `offset` days after the reference, as a TIMESTAMP expression. */
function dayStart(reference: DayReference, offset: number, params: SqlParams): string {
  if ('day' in reference)
    return timestamp(params, timestampLiteral(reference.day + offset * DAY_MS));
  return `(${reference.column} + CAST(${params.add(offset)} AS INTEGER) * INTERVAL '1 day')`;
}

const number = (params: SqlParams, value: number) =>
  `CAST(${params.add(value)} AS DOUBLE PRECISION)`;
const timestamp = (params: SqlParams, value: string) => `CAST(${params.add(value)} AS TIMESTAMP)`;

/** Types whose blank is NULL or the empty string ("Check if data is blank/null."). */
const TEXTUAL = new Set(['string', 'email', 'link', 'enum', 'default']);

/**
 * The SQL condition of one resolved filter over a column expression (docs/architecture.md §5.3); every
 * value is a bound parameter. Negative operators (`not_contains`, `excludes`) match blanks:
 * a blank plan is "none of pro, enterprise".
 */
export function filterCondition(
  filter: ResolvedFilter,
  column: string,
  params: SqlParams,
  reference: DayReference,
): string {
  if (filter.column.dataType === 'list') return listCondition(filter, column, params);
  const { value } = filter;
  const dataType = filter.column.dataType;
  // Text values were lower-cased in JS for case-insensitive columns, once, not per row.
  const text = isCaseInsensitive(filter.column)
    ? `lower(${column})`
    : dataType === 'default'
      ? `CAST(${column} AS TEXT)`
      : column;
  const list = () =>
    (value as (string | number)[]).map((item) => params.add(String(item))).join(', ');
  const range = () => value as { from: string; to: string };
  const days = () => (value as { days: number }).days;

  switch (filter.operator) {
    case 'eq':
      return dataType === 'numeric'
        ? `${column} = ${number(params, value as number)}`
        : `${text} = ${params.add(value as string)}`;
    case 'lt':
      return `${column} < ${number(params, value as number)}`;
    case 'lte':
      return `${column} <= ${number(params, value as number)}`;
    case 'gt':
      return `${column} > ${number(params, value as number)}`;
    case 'gte':
      return `${column} >= ${number(params, value as number)}`;
    case 'between_n': {
      const [low, high] = value as [number, number];
      return `${column} BETWEEN ${number(params, low)} AND ${number(params, high)}`;
    }
    case 'null':
      return TEXTUAL.has(dataType) ? `(${column} IS NULL OR ${text} = '')` : `${column} IS NULL`;
    case 'not_null':
      return TEXTUAL.has(dataType)
        ? `(${column} IS NOT NULL AND ${text} <> '')`
        : `${column} IS NOT NULL`;
    case 'is':
      return `${column} = CAST(${params.add(value as boolean)} AS BOOLEAN)`;
    case 'contains':
      return `strpos(lower(${column}), ${params.add(value as string)}) > 0`;
    case 'not_contains':
      return `(${column} IS NULL OR strpos(lower(${column}), ${params.add(value as string)}) = 0)`;
    case 'includes':
      return `${text} IN (${list()})`;
    case 'excludes':
      return `(${column} IS NULL OR ${text} NOT IN (${list()}))`;
    case 'before':
      return `${column} < ${timestamp(params, range().from)}`;
    case 'after':
      return `${column} >= ${timestamp(params, range().to)}`;
    case 'on':
    case 'between':
      return `(${column} >= ${timestamp(params, range().from)} AND ${column} < ${timestamp(params, range().to)})`;
    // Whole days: "in the last 30 days" is today and the 30 days before it, and "more than
    // 30 days ago" everything before those, so the two split the past between them.
    case 'last_n_days':
      return `(${column} >= ${dayStart(reference, -days(), params)} AND ${column} < ${dayStart(reference, 1, params)})`;
    case 'older_than_n_days':
      return `${column} < ${dayStart(reference, -days(), params)}`;
    case 'next_n_days':
      return `(${column} >= ${dayStart(reference, 0, params)} AND ${column} < ${dayStart(reference, days() + 1, params)})`;
    case 'none':
      return 'TRUE';
  }
}

/**
 * A filter on a list column (a source's array or set), its items compared as text on both
 * engines (`&&`: the lists share an item): `contains` one value, `includes` any of them,
 * `excludes` none of them (or no list); blank is no list or an empty one.
 */
function listCondition(filter: ResolvedFilter, column: string, params: SqlParams): string {
  const items = `CAST(${column} AS TEXT[])`;
  const values = (list: readonly unknown[]) =>
    `CAST(ARRAY[${list.map((item) => params.add(String(item))).join(', ')}] AS TEXT[])`;
  const empty = `${items} = CAST(ARRAY[] AS TEXT[])`;
  switch (filter.operator) {
    case 'contains':
      return `${items} && ${values([filter.value])}`;
    case 'includes':
      return `${items} && ${values(filter.value as unknown[])}`;
    case 'excludes':
      return `(${column} IS NULL OR NOT (${items} && ${values(filter.value as unknown[])}))`;
    case 'null':
      return `(${column} IS NULL OR ${empty})`;
    case 'not_null':
      return `(${column} IS NOT NULL AND NOT ${empty})`;
    default:
      return 'TRUE';
  }
}
