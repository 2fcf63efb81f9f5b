import type { SqlParams } from '../engine/sql-params.js';
import type { SeriesDays } from './series-days.js';

const ts = (p: SqlParams, literal: string) => `CAST(${p.add(literal)} AS TIMESTAMP)`;

/** The as-of days as a derived table `<alias>(day)`. */
export function asOfDaysTable(p: SqlParams, days: SeriesDays, alias: string): string {
  const rows = days.asOfDays.map((day) => `(${ts(p, day)})`);
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

/**
 * CTEs `<name>_daily`, `<name>_ids` and `<name>` computing, per record with events and per grid day, what
 * the one-day metric builder computes as of that day (metrics/metric-statements.ts):
 * events that day, in the 7 and 30 days ending with it, active days in those 30, the latest
 * event up to its end. A dense grid (record × day) turns each window into a ROWS frame;
 * a record without events has no rows (callers read it as zeros and no last_seen_at).
 * The windows partition on an integer number per record (`<name>_ids`), not on the text
 * id: sorting millions of grid rows on integers is what keeps the window operator cheap.
 */
export function activityCtes(p: SqlParams, days: SeriesDays, source: ActivitySource): string {
  const { key, name } = source;
  const beforeGrid = ts(p, days.beforeGrid);
  const gridStart = ts(p, days.gridStart);
  const lastDay = ts(p, days.lastDay);
  const end = ts(p, days.end);
  const over = (frame: string) =>
    `OVER (PARTITION BY g.record_number ORDER BY g.day ROWS BETWEEN ${frame} AND CURRENT ROW)`;
  const events = 'COALESCE(d.events, 0)';
  return `${name}_daily AS (
    SELECT ${key} AS record_id,
      CASE WHEN occurred_at < ${gridStart} THEN ${beforeGrid}
        ELSE CAST(CAST(occurred_at AS DATE) AS TIMESTAMP) END AS day,
      COUNT(*) AS events, MAX(occurred_at) AS last_seen_at
    FROM ${source.events}
    WHERE occurred_at < ${end} AND ${key} IS NOT NULL
    GROUP BY 1, 2
  ), ${name}_ids AS (
    SELECT record_id, ROW_NUMBER() OVER (ORDER BY record_id) AS record_number
    FROM (SELECT DISTINCT record_id FROM ${name}_daily) r
  ), ${name} AS (
    SELECT g.record_id, g.day,
      CAST(${events} AS INTEGER) AS events_1d,
      CAST(SUM(${events}) ${over('6 PRECEDING')} AS INTEGER) AS events_7d,
      CAST(SUM(${events}) ${over('29 PRECEDING')} AS INTEGER) AS events_30d,
      CAST(SUM(CASE WHEN d.events > 0 THEN 1 ELSE 0 END) ${over('29 PRECEDING')} AS INTEGER)
        AS active_days_30d,
      MAX(d.last_seen_at) ${over('UNBOUNDED PRECEDING')} AS last_seen_at
    FROM (
      SELECT r.record_id, r.record_number, CAST(s.day AS TIMESTAMP) AS day
      FROM ${name}_ids r
      CROSS JOIN generate_series(${beforeGrid}, ${lastDay}, INTERVAL '1 day') AS s(day)
    ) g
    LEFT JOIN (
      SELECT r.record_number, d.day, d.events, d.last_seen_at
      FROM ${name}_daily d JOIN ${name}_ids r ON r.record_id = d.record_id
    ) d ON d.record_number = g.record_number AND d.day = g.day
  )`;
}
