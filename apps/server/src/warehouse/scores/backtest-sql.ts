import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { timestampLiteral } from '../engine/value-conversion.js';

export const DAY_MS = 86_400_000;

/**
 * Moves the `$n` placeholders of a compiled query's text by `offset`, so it can be embedded
 * after other values. Quoted text (string literals, identifiers) is left as it is: values
 * never enter the text (SqlParams), so a `$` there is not a placeholder.
 */
export function shiftPlaceholders(sql: string, offset: number): string {
  if (offset === 0) return sql;
  return sql.replace(/('(?:[^']|'')*')|("(?:[^"]|"")*")|\$(\d+)/g, (match, single, double, n) =>
    single !== undefined || double !== undefined ? match : `$${Number(n) + offset}`,
  );
}

/**
 * Several compiled queries in one statement: each one's text with its placeholders moved
 * past the values of those before it, then the statement's own values.
 */
export function combine(
  parts: readonly CompiledQuery[],
  build: (sqls: string[], params: SqlParams) => string,
): CompiledQuery {
  const params = new SqlParams();
  const sqls = parts.map((part) => {
    const offset = params.list().length;
    for (const value of part.params) params.add(value);
    return shiftPlaceholders(part.sql, offset);
  });
  const sql = build(sqls, params);
  return { sql, params: params.list() };
}

/** What converting means, as SQL over the day range of a back-test. */
export type BacktestOutcomeSql =
  /** `(as_of_day, id)` of each record on each day it matches (compileSeriesQuery's idsByDayQuery). */
  | { kind: 'matches'; idsByDay: CompiledQuery }
  /** Doing the event: read from the events table by the base table's key. */
  | { kind: 'event'; event: string; eventsTable: string; key: 'account_id' | 'user_id' };

export interface BacktestStatementInput {
  dialect: Dialect;
  /** `(as_of_day, id, score, grade)` for every record and day (scoreSeriesQuery). */
  scores: CompiledQuery;
  outcome: BacktestOutcomeSql;
  /** The first and last scored days (UTC day starts). */
  fromDay: number;
  toDay: number;
  horizonDays: number;
}

const day = (p: SqlParams, millis: number) =>
  `CAST(${p.add(timestampLiteral(millis))} AS TIMESTAMP)`;

/**
 * CTEs ending with `labelled (id, day, score, grade, converted)`: every counted record-day
 * with its label (docs/product.md §2). A record-day (d, id) converted when the record meets
 * the outcome on a day in (d, d + horizon]; with a filters outcome, record-days that already
 * match on d are left out. Set-based with hash joins only, however many days:
 * - `outcome`: the (day, id) pairs meeting it;
 * - `entries`: those whose day before does not (a run's first day), with the entry before;
 * - `covered`: the scored days within the horizon before an entry and not before the
 *   previous entry (disjoint, so a record-day joins at most one row);
 * - d converted ⇔ d is covered, or the outcome holds on d + 1 (when d itself meets it, the
 *   next day may continue its run rather than start one). Proof: the first outcome day
 *   after d is d + 1, or else an entry (the day before it does not meet it), and no entry
 *   lies between d and it.
 */
function labelledCtes(
  input: BacktestStatementInput,
  p: SqlParams,
  sqls: { scores: string; outcome: string | null },
  onlyDays: readonly number[] | null,
): string {
  const { outcome, horizonDays } = input;
  if (!Number.isInteger(horizonDays) || horizonDays < 1) throw new Error('Bad back-test horizon');
  // The split statement reads its cells' days only, and the outcome on each one's
  // [d, d + horizon + 1]: the labels of d depend on nothing else (the algorithm is exact for
  // any set of outcome days that is exact on those ranges).
  const first = onlyDays ? onlyDays[0]! : input.fromDay;
  const last = onlyDays ? onlyDays.at(-1)! : input.toDay;
  const from = day(p, first);
  const to = day(p, last);
  const oneDay = `INTERVAL '1 day'`;
  const horizon = `INTERVAL '${horizonDays} days'`;
  const only = onlyDays ? `AND q.as_of_day IN (${onlyDays.map((d) => day(p, d)).join(', ')})` : '';
  /** The outcome's days: after the first scored day, within the last one's horizon. */
  const outcomeDays = (column: string, shift: number) => {
    const ranges = (onlyDays ?? [input.fromDay]).map((start) => {
      const end = (onlyDays ? start : last) + (horizonDays + 1) * DAY_MS;
      return `(${column} >= ${day(p, start + shift)} AND ${column} < ${day(p, end)})`;
    });
    return ranges.length === 1 ? ranges[0]! : `(${ranges.join(' OR ')})`;
  };
  const outcomeRows =
    outcome.kind === 'matches'
      ? `SELECT DISTINCT o.as_of_day AS day, CAST(o.id AS TEXT) AS id FROM (${sqls.outcome!}) o ` +
        `WHERE ${outcomeDays('o.as_of_day', 0)}`
      : (() => {
          const key = quoteIdentifier(outcome.key);
          return (
            `SELECT DISTINCT CAST(CAST(e.occurred_at AS DATE) AS TIMESTAMP) AS day, e.${key} AS id ` +
            `FROM ${outcome.eventsTable} e WHERE e.name = ${p.add(outcome.event)} ` +
            `AND e.${key} IS NOT NULL AND ${outcomeDays('e.occurred_at', DAY_MS)}`
          );
        })();
  const matches = outcome.kind === 'matches';
  return `scored AS (
    SELECT q.as_of_day AS day, CAST(q.id AS TEXT) AS id, CAST(q.score AS INTEGER) AS score,
      CAST(q.grade AS TEXT) AS grade
    FROM (${sqls.scores}) q
    WHERE q.as_of_day >= ${from} AND q.as_of_day <= ${to} ${only}
  ), outcome AS (
    ${outcomeRows}
  ), entries AS (
    SELECT o.id, o.day, LAG(o.day) OVER (PARTITION BY o.id ORDER BY o.day) AS previous
    FROM outcome o LEFT JOIN outcome b ON b.id = o.id AND b.day = o.day - ${oneDay}
    WHERE b.id IS NULL
  ), scored_days AS (
    SELECT CAST(g.day AS TIMESTAMP) AS day FROM generate_series(${from}, ${to}, ${oneDay}) AS g(day)
  ), covered AS (
    SELECT e.id, g.day FROM entries e JOIN scored_days g
      ON g.day < e.day AND g.day >= e.day - ${horizon}
      AND (e.previous IS NULL OR g.day >= e.previous)
  ), labelled AS (
    SELECT s.id, s.day, s.score, s.grade,
      CASE WHEN c.id IS NOT NULL OR n.id IS NOT NULL THEN 1 ELSE 0 END AS converted
    FROM scored s
    LEFT JOIN covered c ON c.id = s.id AND c.day = s.day
    LEFT JOIN outcome n ON n.id = s.id AND n.day = s.day + ${oneDay}
    ${matches ? 'LEFT JOIN outcome x ON x.id = s.id AND x.day = s.day WHERE x.id IS NULL' : ''}
  )`;
}

const embedded = (input: BacktestStatementInput) =>
  input.outcome.kind === 'matches' ? [input.scores, input.outcome.idsByDay] : [input.scores];

/**
 * The back-test's counts in ONE pass over the labelled record-days, aggregated in the
 * warehouse: `cell` rows per (score, grade, day) with the record-days and how many converted
 * (the histogram, the grades and the deciles come from them), and one `distinct` row with
 * how many records were compared.
 */
export function backtestSummaryStatement(input: BacktestStatementInput): CompiledQuery {
  return combine(embedded(input), ([scores, outcome], p) => {
    const ctes = labelledCtes(input, p, { scores: scores!, outcome: outcome ?? null }, null);
    return `WITH ${ctes}, grouped AS MATERIALIZED (
    SELECT l.score, l.grade, l.day, GROUPING(l.id) AS per_cell, CAST(COUNT(*) AS BIGINT) AS records,
      CAST(SUM(l.converted) AS BIGINT) AS converted
    FROM labelled l GROUP BY GROUPING SETS ((l.score, l.grade, l.day), (l.id))
  )
  SELECT 'cell' AS part, g.score, g.grade, g.day, g.records, g.converted
  FROM grouped g WHERE g.per_cell = 1
  UNION ALL
  SELECT 'distinct', CAST(NULL AS INTEGER), CAST(NULL AS TEXT), CAST(NULL AS TIMESTAMP),
    CAST(COUNT(*) AS BIGINT), CAST(NULL AS BIGINT)
  FROM grouped g WHERE g.per_cell = 0`;
  });
}

/** A (score, day) cell NTILE splits across deciles, and the rows ranked before it. */
export interface SplitCell {
  score: number;
  day: number;
  before: number;
}

/**
 * Conversions per decile inside the cells split across deciles: NTILE(10) over
 * `score DESC, day, id` (byte-wise, so both engines agree) orders a cell's rows by id. Each
 * row's place is the rows before its cell plus its rank in it; `tileStarts` are the first
 * places of deciles 2…10. Reads the split cells' days only.
 */
export function backtestSplitStatement(
  input: BacktestStatementInput,
  cells: readonly SplitCell[],
  tileStarts: readonly number[],
): CompiledQuery {
  return combine(embedded(input), ([scores, outcome], p) => {
    const days = [...new Set(cells.map((cell) => cell.day))].sort((a, b) => a - b);
    const ctes = labelledCtes(input, p, { scores: scores!, outcome: outcome ?? null }, days);
    const int = (value: number) => {
      if (!Number.isSafeInteger(value)) throw new Error('Bad back-test cell');
      return `CAST(${p.add(value)} AS BIGINT)`;
    };
    const values = cells
      .map((cell) => `(${int(cell.score)}, ${day(p, cell.day)}, ${int(cell.before)})`)
      .join(', ');
    const decile = tileStarts.map(
      (start, index) => `WHEN r.place < ${int(start)} THEN ${index + 1}`,
    );
    const id = input.dialect.binaryCollation('l.id');
    return `WITH ${ctes}, split(score, day, ranked_before) AS (VALUES ${values}
  ), ranked AS (
    SELECT l.score, l.day, l.converted,
      c.ranked_before + ROW_NUMBER() OVER (PARTITION BY l.score, l.day ORDER BY ${id}) - 1 AS place
    FROM labelled l JOIN split c ON c.score = l.score AND c.day = l.day
  )
  SELECT r.score, r.day, CASE ${decile.join(' ')} ELSE ${tileStarts.length + 1} END AS decile,
    CAST(COUNT(*) AS BIGINT) AS records, CAST(SUM(r.converted) AS BIGINT) AS converted
  FROM ranked r GROUP BY 1, 2, 3`;
  });
}
