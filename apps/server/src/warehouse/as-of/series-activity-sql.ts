import { quoteIdentifier } from '../engine/identifiers.js';
import type { SqlParams } from '../engine/sql-params.js';
import type { EventMetricDefinition } from '../metrics/metric-definition.js';
import { eventNameCondition, filterClause, timestampBinder } from '../metrics/metric-sql.js';
import type { SeriesDays } from './series-days.js';

/** The as-of days as a derived table `<alias>(day)`. */
export function asOfDaysTable(p: SqlParams, days: SeriesDays, alias: string): string {
  const bound = timestampBinder(p);
  const rows = days.asOfDays.map((day) => `(${bound(day)})`);
  return `(VALUES ${rows.join(', ')}) AS ${alias}(day)`;
}

export interface ActivitySource {
  /** The qualified events table. */
  events: string;
  /** The record an event counts for: `user_id` or `account_id`. */
  key: 'user_id' | 'account_id';
  /** CTE names, so a statement can hold more than one activity. */
  name: string;
}

/** Metrics counting the same events share one daily count and one daily latest event. */
interface EventGroup {
  /** Which events the group counts (null: all). */
  condition: string | null;
  metrics: EventMetricDefinition[];
  /** Columns of the daily roll-up: the group's events that day, and the day's latest one. */
  count: string;
  latest: string;
}

function groupByEvents(p: SqlParams, metrics: readonly EventMetricDefinition[]): EventGroup[] {
  const groups = new Map<string, EventGroup>();
  for (const metric of metrics) {
    const key = metric.eventNames ? JSON.stringify([...metric.eventNames].sort()) : '';
    let group = groups.get(key);
    if (!group) {
      const index = groups.size;
      group = {
        condition: eventNameCondition(p, metric.eventNames),
        metrics: [],
        count: `events_${index}`,
        latest: `last_seen_${index}`,
      };
      groups.set(key, group);
    }
    group.metrics.push(metric);
  }
  return [...groups.values()];
}

/**
 * The frame start of a window: the day itself and the `windowDays - 1` before it. The number
 * is a checked whole number from a definition, never input.
 */
function preceding(windowDays: number): string {
  if (!Number.isInteger(windowDays) || windowDays < 1) throw new Error('Bad metric window');
  return `${windowDays - 1} PRECEDING`;
}

/** A metric evaluated over the grid: window frames over the group's daily columns. */
function windowed(
  metric: EventMetricDefinition,
  group: EventGroup,
  over: (frame: string) => string,
) {
  const name = quoteIdentifier(metric.name);
  if (metric.aggregate === 'daily_events') throw new Error('Series leave sparklines out');
  if (metric.aggregate === 'last_seen')
    return `MAX(d.${group.latest}) ${over('UNBOUNDED PRECEDING')} AS ${name}`;
  if (metric.aggregate === 'active_days')
    return `CAST(SUM(CASE WHEN d.${group.count} > 0 THEN 1 ELSE 0 END) ${over(preceding(metric.windowDays))} AS INTEGER) AS ${name}`;
  const events = `COALESCE(d.${group.count}, 0)`;
  if (metric.windowDays === 1) return `CAST(${events} AS INTEGER) AS ${name}`;
  return `CAST(SUM(${events}) ${over(preceding(metric.windowDays))} AS INTEGER) AS ${name}`;
}

/**
 * CTEs `<name>_daily`, `<name>_ids` and `<name>` computing, per record with events and per
 * grid day, each given metric as the one-day builder computes it as of that day
 * (metrics/metric-statements.ts): counts over the window ending with it, active days in it,
 * the latest event up to its end. A dense grid (record × day) turns each window into a ROWS
 * frame; a record without events has no rows (callers read it as zeros and no last seen).
 * The daily roll-up aggregates each set of counted events once, however many metrics read
 * it. The windows partition on an integer number per record (`<name>_ids`), not on the text
 * id: sorting millions of grid rows on integers is what keeps the window operator cheap.
 */
export function activityCtes(
  p: SqlParams,
  days: SeriesDays,
  source: ActivitySource,
  metrics: readonly EventMetricDefinition[],
): string {
  const { key, name } = source;
  const bound = timestampBinder(p);
  const beforeGrid = bound(days.beforeGrid);
  const gridStart = bound(days.gridStart);
  const over = (frame: string) =>
    `OVER (PARTITION BY g.record_number ORDER BY g.day ROWS BETWEEN ${frame} AND CURRENT ROW)`;
  const groups = groupByEvents(p, metrics);
  const daily = groups.flatMap((group) => {
    const filter = filterClause(group.condition);
    const aggregates = group.metrics.map((metric) => metric.aggregate);
    return [
      ...(aggregates.some((aggregate) => aggregate !== 'last_seen')
        ? [{ column: group.count, sql: `COUNT(*)${filter}` }]
        : []),
      ...(aggregates.includes('last_seen')
        ? [{ column: group.latest, sql: `MAX(occurred_at)${filter}` }]
        : []),
    ];
  });
  const values = metrics.map((metric) =>
    windowed(
      metric,
      groups.find((group) => group.metrics.includes(metric))!,
      over,
    ),
  );
  return `${name}_daily AS (
    SELECT ${key} AS record_id,
      CASE WHEN occurred_at < ${gridStart} THEN ${beforeGrid}
        ELSE CAST(CAST(occurred_at AS DATE) AS TIMESTAMP) END AS day,
      ${daily.map((column) => `${column.sql} AS ${column.column}`).join(', ')}
    FROM ${source.events}
    WHERE occurred_at < ${bound(days.end)} AND ${key} IS NOT NULL
    GROUP BY 1, 2
  ), ${name}_ids AS (
    SELECT record_id, ROW_NUMBER() OVER (ORDER BY record_id) AS record_number
    FROM (SELECT DISTINCT record_id FROM ${name}_daily) r
  ), ${name} AS (
    SELECT g.record_id, g.day,
      ${values.join(',\n      ')}
    FROM (
      SELECT r.record_id, r.record_number, CAST(s.day AS TIMESTAMP) AS day
      FROM ${name}_ids r
      CROSS JOIN generate_series(${beforeGrid}, ${bound(days.lastDay)}, INTERVAL '1 day') AS s(day)
    ) g
    LEFT JOIN (
      SELECT r.record_number, d.day, ${daily.map((column) => `d.${column.column}`).join(', ')}
      FROM ${name}_daily d JOIN ${name}_ids r ON r.record_id = d.record_id
    ) d ON d.record_number = g.record_number AND d.day = g.day
  )`;
}
