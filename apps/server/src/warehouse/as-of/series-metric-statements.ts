import type { Dialect } from '../engine/dialect.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import type { MetricTableNames } from '../metrics/metric-statements.js';
import { activityCtes, asOfDaysTable } from './series-activity-sql.js';
import type { SeriesDays } from './series-days.js';

const countWhere = (condition: string) => `CAST(COUNT(*) FILTER (WHERE ${condition}) AS INTEGER)`;

/** Per user and as-of day: the user metrics of that day (userMetricsInsert's columns). */
export function userMetricsSeriesInsert(
  dialect: Dialect,
  orgId: string,
  names: MetricTableNames,
  days: SeriesDays,
): CompiledQuery {
  const p = new SqlParams();
  const table = (name: string) => dialect.table(orgId, name);
  const activity = activityCtes(p, days, {
    events: table(names.events),
    key: 'user_id',
    name: 'user_activity',
  });
  const sql = `INSERT INTO ${table(names.userMetrics)}
    (as_of_day, user_id, account_id, events_1d, events_7d, events_30d, last_seen_at, active_days_30d)
  WITH ${activity}
  SELECT t.day, u.id, u.account_id, COALESCE(x.events_1d, 0), COALESCE(x.events_7d, 0),
    COALESCE(x.events_30d, 0), x.last_seen_at, COALESCE(x.active_days_30d, 0)
  FROM ${table(names.users)} u
  CROSS JOIN ${asOfDaysTable(p, days, 't')}
  LEFT JOIN user_activity x ON x.record_id = u.id AND x.day = t.day`;
  return { sql, params: p.list() };
}

/**
 * Per account and as-of day: active users and seats from that day's user metrics (as in
 * accountMetricsInsert), events and last seen from the account's own events.
 */
export function accountMetricsSeriesInsert(
  dialect: Dialect,
  orgId: string,
  names: MetricTableNames,
  days: SeriesDays,
): CompiledQuery {
  const p = new SqlParams();
  const table = (name: string) => dialect.table(orgId, name);
  const activity = activityCtes(p, days, {
    events: table(names.events),
    key: 'account_id',
    name: 'account_activity',
  });
  const sql = `INSERT INTO ${table(names.accountMetrics)}
    (as_of_day, account_id, active_users_1d, active_users_7d, active_users_30d, events_7d,
     events_30d, last_seen_at, seats_used)
  WITH ${activity}
  SELECT t.day, a.id, COALESCE(um.active_users_1d, 0), COALESCE(um.active_users_7d, 0),
    COALESCE(um.active_users_30d, 0), COALESCE(x.events_7d, 0), COALESCE(x.events_30d, 0),
    x.last_seen_at, COALESCE(um.seats_used, 0)
  FROM ${table(names.accounts)} a
  CROSS JOIN ${asOfDaysTable(p, days, 't')}
  LEFT JOIN (
    SELECT as_of_day, account_id, CAST(COUNT(*) AS INTEGER) AS seats_used,
      ${countWhere('events_1d > 0')} AS active_users_1d,
      ${countWhere('events_7d > 0')} AS active_users_7d,
      ${countWhere('events_30d > 0')} AS active_users_30d
    FROM ${table(names.userMetrics)}
    GROUP BY as_of_day, account_id
  ) um ON um.account_id = a.id AND um.as_of_day = t.day
  LEFT JOIN account_activity x ON x.record_id = a.id AND x.day = t.day`;
  return { sql, params: p.list() };
}
