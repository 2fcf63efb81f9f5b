import { AS_OF_DAY_COLUMN } from '../as-of/series-tables.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { Dialect } from '../engine/dialect.js';
import { SqlParams } from '../engine/sql-params.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import type { ScoreDefinition } from './score-definition.js';
import { EVENT_KEYS, planScores, scoredSelect, type ScorePlans } from './score-sql.js';

const DAY_MS = 86_400_000;
const DAY = `"${AS_OF_DAY_COLUMN}"`;

export interface ScoreSeriesOptions {
  /**
   * The series' days (UTC day starts), when the caller knows them: the events read are then
   * bounded by them, and the view is not scanned for its days.
   */
  days?: readonly number[];
  /** How the behaviour aggregates are computed; the cheaper for the days unless given. */
  aggregation?: SeriesAggregation;
}

/**
 * The days' relation `t("as_of_day")`, and the bounds of the events they read.
 */
function daysRelation(p: SqlParams, view: string, longest: number, days?: readonly number[]) {
  if (!days || days.length === 0)
    return { days: `(SELECT DISTINCT ${DAY} FROM ${view}) t`, bounds: '' };
  const rows = days.map((day) => `(CAST(${p.add(timestampLiteral(day))} AS TIMESTAMP))`);
  const first = Math.min(...days);
  const last = Math.max(...days);
  const start = p.add(timestampLiteral(first - (longest - 1) * DAY_MS));
  const end = p.add(timestampLiteral(last + DAY_MS));
  return {
    days: `(VALUES ${rows.join(', ')}) AS t(${DAY})`,
    bounds: ` AND occurred_at >= CAST(${start} AS TIMESTAMP) AND occurred_at < CAST(${end} AS TIMESTAMP)`,
  };
}

/** A day's number (days since 1970-01-01): an integer on both engines. */
const dayNumber = (date: string) => `(${date} - DATE '1970-01-01')`;
/** Past every day a timestamp can hold: the end of a state that nothing follows. */
const NO_END = 2147483647;

/** A rule's lifespan written into SQL: a checked whole number from a checked definition. */
function lifespanOf(aggregate: { lifespanDays: number }): string {
  const lifespan = String(aggregate.lifespanDays);
  if (!/^[1-9][0-9]*$/.test(lifespan)) throw new Error('Bad lifespan');
  return lifespan;
}

/**
 * The events of the rules' names counted per record and UTC day (`c<i>` per name, in
 * `names` order), the day as `dayOf` gives it from its date, named `dayColumn`; with the days'
 * relation, whose bounds the events read are held to.
 */
function dailyCounts(
  p: SqlParams,
  plans: ScorePlans,
  view: string,
  events: string,
  days: readonly number[] | undefined,
  day: { column: string; of: (date: string) => string },
) {
  const key = EVENT_KEYS[plans.table];
  const names = [...new Set(plans.aggregates.map((aggregate) => aggregate.event))];
  const bound = names.map((name) => p.add(name));
  const range = daysRelation(p, view, plans.longestLifespan, days);
  const counts = bound.map(
    (name, index) => `COUNT(*) FILTER (WHERE "name" = ${name}) AS "c${index}"`,
  );
  const sql = `SELECT ${key} AS "id", ${day.of('CAST(occurred_at AS DATE)')} AS "${day.column}", ${counts.join(', ')}
      FROM ${events}
      WHERE "name" IN (${bound.join(', ')}) AND ${key} IS NOT NULL${range.bounds}
      GROUP BY ${key}, CAST(occurred_at AS DATE)`;
  return { sql, names, range };
}

/** A way to compute a series' behaviour aggregates (`id`, `as_of_day`, `w<k>`, `n<k>`). */
type EventAggregates = (
  p: SqlParams,
  plans: ScorePlans,
  view: string,
  events: string,
  days?: readonly number[],
) => string;

/**
 * The behaviour aggregates of every record and series day, for each (event, lifespan L)
 * pair k: `n<k>` the occurrences within the lifespan before the day D, `w<k>` the sum of
 * (L − age) over them, exactly what one day's score sums (eventAggregatesSelect).
 *
 * By running sums, linear in event-days whatever the number of days (joinedEventAggregates
 * costs event-days × the series days each reaches; bench/README.md "Scores"):
 * - `d`: the events of the rules' names counted per record and UTC day t (`c<i>` per name);
 * - `deltas`: from day t on, a day's count c adds c to N and t × c to S; from t + L on it
 *   takes both back (a row per shift, kept when some pair of that lifespan counts there);
 * - `states`: running sums per record in day order (ties summed alike: a RANGE frame), each
 *   holding from its day until the record's next change (LEAD);
 * - each series day D joins the state holding on it: N = Σ c and S = Σ t × c over t in
 *   (D − L, D], so Σ (L − age) × c = Σ (L − D + t) × c = L × N − D × N + S.
 * Integers throughout, so both engines agree to the unit. Records are numbered once so the
 * window sorts integers (as-of/series-activity-sql.ts does the same).
 */
const runningEventAggregates: EventAggregates = (p, plans, view, events, days) => {
  const daily = dailyCounts(p, plans, view, events, days, { column: 'di', of: dayNumber });
  const { names, range } = daily;
  const pairs = plans.aggregates.map((aggregate) => ({
    lifespan: lifespanOf(aggregate),
    count: `d."c${names.indexOf(aggregate.event)}"`,
  }));
  const lifespans = [...new Set(pairs.map((pair) => pair.lifespan))];
  const ends = lifespans.map(
    (lifespan) =>
      `(o."shift" = ${lifespan} AND (${pairs
        .filter((pair) => pair.lifespan === lifespan)
        .map((pair) => `${pair.count} > 0`)
        .join(' OR ')}))`,
  );
  const deltas = pairs.flatMap(({ lifespan, count }, k) => {
    const delta = `CASE WHEN o."shift" = 0 THEN ${count} WHEN o."shift" = ${lifespan} THEN -${count} ELSE 0 END`;
    return [`${delta} AS "dn${k}"`, `(${delta}) * d."di" AS "ds${k}"`];
  });
  const over = `OVER (PARTITION BY x."rn" ORDER BY x."di")`;
  const running = pairs.flatMap((_, k) => [
    `SUM(x."dn${k}") ${over} AS "N${k}"`,
    `SUM(x."ds${k}") ${over} AS "S${k}"`,
  ]);
  const held = pairs.map((_, k) => `"N${k}" <> 0`).join(' OR ');
  const sums = pairs.flatMap(({ lifespan }, k) => [
    `CAST(${lifespan} * s."N${k}" - t."di" * s."N${k}" + s."S${k}" AS BIGINT) AS "w${k}"`,
    `CAST(s."N${k}" AS BIGINT) AS "n${k}"`,
  ]);
  return `WITH d AS (
      ${daily.sql}
    ), ids AS (
      SELECT r."id", ROW_NUMBER() OVER (ORDER BY r."id") AS "rn" FROM (SELECT DISTINCT "id" FROM d) r
    ), deltas AS (
      SELECT i."rn", d."di" + o."shift" AS "di", ${deltas.join(', ')}
      FROM d JOIN ids i ON i."id" = d."id"
      CROSS JOIN (VALUES (0), ${lifespans.map((lifespan) => `(${lifespan})`).join(', ')}) AS o("shift")
      WHERE o."shift" = 0 OR ${ends.join(' OR ')}
    ), states AS (
      SELECT x."rn", x."di", LEAD(x."di") ${over} AS "next", ${running.join(', ')}
      FROM deltas x
    )
    SELECT i."id", t.${DAY}, ${sums.join(', ')}
    FROM (SELECT * FROM states WHERE ${held}) s
    JOIN (SELECT t.${DAY}, ${dayNumber(`CAST(t.${DAY} AS DATE)`)} AS "di" FROM ${range.days}) t
      ON t."di" >= s."di" AND t."di" < COALESCE(s."next", ${NO_END})
    JOIN ids i ON i."rn" = s."rn"`;
};

/**
 * The behaviour aggregates of every record and series day, by joining: the events of the
 * rules' names counted per record and UTC day first, then each day joined to the series days
 * within the longest lifespan after it, so each (event, lifespan) pair sums
 * (lifespan − age) × count (`w<k>`) and count (`n<k>`) over the days within its lifespan,
 * exactly as one day's score does. Each event day costs a row per series day it reaches:
 * cheap for a few days (a back-test's split cells), not for months of them.
 */
const joinedEventAggregates: EventAggregates = (p, plans, view, events, days) => {
  const longest = plans.longestLifespan;
  const daily = dailyCounts(p, plans, view, events, days, { column: 'day', of: (date) => date });
  const { names, range } = daily;
  const sums = plans.aggregates.flatMap((aggregate, index) => {
    const count = `g."c${names.indexOf(aggregate.event)}"`;
    const lifespan = lifespanOf(aggregate);
    const within = `WHERE g.age < ${lifespan}`;
    return [
      `SUM((${lifespan} - g.age) * ${count}) FILTER (${within}) AS "w${index}"`,
      `SUM(${count}) FILTER (${within}) AS "n${index}"`,
    ];
  });
  const asOfDate = `CAST(t.${DAY} AS DATE)`;
  return `SELECT g."id", g.${DAY}, ${sums.join(', ')}
    FROM (
      SELECT d."id", t.${DAY}, ${asOfDate} - d."day" AS age, ${names.map((_, index) => `d."c${index}"`).join(', ')}
      FROM (${daily.sql}) d
      JOIN ${range.days} ON d."day" <= ${asOfDate} AND d."day" > ${asOfDate} - ${longest}
    ) g
    GROUP BY g."id", g.${DAY}`;
};

/** How a series' behaviour aggregates are computed: both give the same integers. */
export type SeriesAggregation = 'join' | 'running-sums';

/**
 * The cheaper way for the days: joining costs a row per event day and series day within the
 * longest lifespan, running sums a few rows per event day and a window over them. At the
 * benchmark size the join of 9 days took 5.6 s against 14.5 s, and of 150 days 41 s against
 * 20 s (bench/README.md "Scores"): the join wins while the days are few against the lifespan.
 */
function aggregationFor(plans: ScorePlans, days?: readonly number[]): SeriesAggregation {
  return days && days.length * 2 <= plans.longestLifespan ? 'join' : 'running-sums';
}

/**
 * A score of every row of a segment series view (as-of/withAsOfSeriesTables: one row per
 * record and day, `as_of_day` and the catalogue's columns), as of each row's day (ADR 0034):
 * fit filters with relative dates counted from the row's day, behaviour from the events up
 * to that day. Selects `as_of_day`, `id`, `score`, `grade`. `seriesView` and `eventsTable`
 * are the organization's table names (unqualified); `catalogue` is the one the view was
 * built with. A fit rule whose filters no longer resolve matches nothing.
 */
export function scoreSeriesQuery(
  dialect: Dialect,
  orgId: string,
  definition: ScoreDefinition,
  catalogue: OrgCatalogue,
  seriesView: string,
  eventsTable: string,
  options: ScoreSeriesOptions = {},
): CompiledQuery {
  const p = new SqlParams();
  const view = dialect.table(orgId, seriesView);
  const plans = planScores(
    definition.baseTable,
    [definition],
    catalogue,
    p,
    { column: `s.${DAY}` },
    false,
  );
  const rows = `${view} s`;
  const hasEvents = plans.aggregates.length > 0;
  const events = hasEvents
    ? ((options.aggregation ?? aggregationFor(plans, options.days)) === 'join'
        ? joinedEventAggregates
        : runningEventAggregates)(p, plans, view, dialect.table(orgId, eventsTable), options.days)
    : null;
  const scored = scoredSelect(
    p,
    plans,
    {
      dialect,
      from: events
        ? `${rows} LEFT JOIN (${events}) e ON e."id" = s."id" AND e.${DAY} = s.${DAY}`
        : rows,
      hasEvents,
      carried: [
        [`s.${DAY}`, AS_OF_DAY_COLUMN],
        ['s."id"', 'id'],
      ],
    },
    { reasons: false, detail: false },
  );
  const sql = `SELECT r.${DAY} AS ${DAY}, r."id" AS "id", r."s0_score" AS "score", r."s0_grade" AS "grade"
  FROM (${scored}) r`;
  return { sql, params: p.list() };
}
