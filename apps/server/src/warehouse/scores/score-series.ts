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

/**
 * The behaviour aggregates of every record and series day: the events of the rules' names
 * counted per record and UTC day first, then each day joined to the days within the longest
 * lifespan before it, so each (event, lifespan) pair sums (lifespan − age) × count (`w<k>`)
 * and count (`n<k>`) over the days within its lifespan, exactly as one day's score does.
 */
function seriesEventAggregates(
  p: SqlParams,
  plans: ScorePlans,
  view: string,
  events: string,
  days?: readonly number[],
): string {
  const key = EVENT_KEYS[plans.table];
  const longest = plans.longestLifespan;
  const names = [...new Set(plans.aggregates.map((aggregate) => aggregate.event))];
  const bound = names.map((name) => p.add(name));
  const range = daysRelation(p, view, longest, days);
  const counts = bound.map(
    (name, index) => `COUNT(*) FILTER (WHERE "name" = ${name}) AS "c${index}"`,
  );
  const sums = plans.aggregates.flatMap((aggregate, index) => {
    const count = `g."c${names.indexOf(aggregate.event)}"`;
    const lifespan = String(aggregate.lifespanDays);
    if (!/^[0-9]+$/.test(lifespan)) throw new Error('Bad lifespan');
    const within = `WHERE g.age < ${lifespan}`;
    return [
      `SUM((${lifespan} - g.age) * ${count}) FILTER (${within}) AS "w${index}"`,
      `SUM(${count}) FILTER (${within}) AS "n${index}"`,
    ];
  });
  const asOfDate = `CAST(t.${DAY} AS DATE)`;
  return `SELECT g."id", g.${DAY}, ${sums.join(', ')}
    FROM (
      SELECT d."id", t.${DAY}, ${asOfDate} - d."day" AS age, ${bound.map((_, index) => `d."c${index}"`).join(', ')}
      FROM (
        SELECT ${key} AS "id", CAST(occurred_at AS DATE) AS "day", ${counts.join(', ')}
        FROM ${events}
        WHERE "name" IN (${bound.join(', ')}) AND ${key} IS NOT NULL${range.bounds}
        GROUP BY ${key}, CAST(occurred_at AS DATE)
      ) d
      JOIN ${range.days} ON d."day" <= ${asOfDate} AND d."day" > ${asOfDate} - ${longest}
    ) g
    GROUP BY g."id", g.${DAY}`;
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
    ? seriesEventAggregates(p, plans, view, dialect.table(orgId, eventsTable), options.days)
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
