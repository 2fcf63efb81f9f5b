import type { Dialect } from '../engine/dialect.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { ACTIVITY_DAYS } from '../model/metric-tables.js';
import type { MetricWindows } from './metric-windows.js';

/** Where the builders read and write: final names, or `__next` ones during a load. */
export interface MetricTableNames {
  accounts: string;
  users: string;
  events: string;
  userMetrics: string;
  accountMetrics: string;
}

const ts = (params: SqlParams, literal: string) => `CAST(${params.add(literal)} AS TIMESTAMP)`;
const countWhere = (condition: string) => `CAST(COUNT(*) FILTER (WHERE ${condition}) AS INTEGER)`;

/** Per user: events in the 1/7/30-day windows, last seen, active days in 30. */
export function userMetricsInsert(
  dialect: Dialect,
  orgId: string,
  names: MetricTableNames,
  windows: MetricWindows,
): CompiledQuery {
  const p = new SqlParams();
  const [start1, start7, start30, end] = [
    ts(p, windows.startOf(1)),
    ts(p, windows.startOf(7)),
    ts(p, windows.startOf(30)),
    ts(p, windows.end),
  ];
  const sql = `INSERT INTO ${dialect.table(orgId, names.userMetrics)}
    (user_id, account_id, events_1d, events_7d, events_30d, last_seen_at, active_days_30d)
  SELECT u.id, u.account_id, COALESCE(e.events_1d, 0), COALESCE(e.events_7d, 0),
    COALESCE(e.events_30d, 0), e.last_seen_at, COALESCE(e.active_days_30d, 0)
  FROM ${dialect.table(orgId, names.users)} u
  LEFT JOIN (
    SELECT user_id,
      ${countWhere(`occurred_at >= ${start1}`)} AS events_1d,
      ${countWhere(`occurred_at >= ${start7}`)} AS events_7d,
      ${countWhere(`occurred_at >= ${start30}`)} AS events_30d,
      MAX(occurred_at) AS last_seen_at,
      CAST(COUNT(DISTINCT CAST(occurred_at AS DATE)) FILTER (WHERE occurred_at >= ${start30}) AS INTEGER)
        AS active_days_30d
    FROM ${dialect.table(orgId, names.events)}
    WHERE occurred_at < ${end} AND user_id IS NOT NULL
    GROUP BY user_id
  ) e ON e.user_id = u.id`;
  return { sql, params: p.list() };
}

/**
 * Per account: active users from the user metrics (so "active" means the same on both
 * tables), events and the daily sparkline from events, seats used = users on the account.
 */
export function accountMetricsInsert(
  dialect: Dialect,
  orgId: string,
  names: MetricTableNames,
  windows: MetricWindows,
): CompiledQuery {
  const p = new SqlParams();
  const days = windows.dayBoundaries.map((literal) => ts(p, literal));
  const daily = Array.from(
    { length: ACTIVITY_DAYS },
    (_, day) =>
      `${countWhere(`occurred_at >= ${days[day]} AND occurred_at < ${days[day + 1]}`)} AS d${day}`,
  );
  const sparkline = Array.from({ length: ACTIVITY_DAYS }, (_, day) => `COALESCE(ev.d${day}, 0)`);
  const sql = `INSERT INTO ${dialect.table(orgId, names.accountMetrics)}
    (account_id, active_users_1d, active_users_7d, active_users_30d, events_7d, events_30d,
     last_seen_at, seats_used, activity_30d)
  SELECT a.id, COALESCE(um.active_users_1d, 0), COALESCE(um.active_users_7d, 0),
    COALESCE(um.active_users_30d, 0), COALESCE(ev.events_7d, 0), COALESCE(ev.events_30d, 0),
    ev.last_seen_at, COALESCE(um.seats_used, 0), ARRAY[${sparkline.join(', ')}]
  FROM ${dialect.table(orgId, names.accounts)} a
  LEFT JOIN (
    SELECT account_id, CAST(COUNT(*) AS INTEGER) AS seats_used,
      ${countWhere('events_1d > 0')} AS active_users_1d,
      ${countWhere('events_7d > 0')} AS active_users_7d,
      ${countWhere('events_30d > 0')} AS active_users_30d
    FROM ${dialect.table(orgId, names.userMetrics)}
    GROUP BY account_id
  ) um ON um.account_id = a.id
  LEFT JOIN (
    SELECT account_id,
      ${countWhere(`occurred_at >= ${days[ACTIVITY_DAYS - 7]}`)} AS events_7d,
      ${countWhere(`occurred_at >= ${days[0]}`)} AS events_30d,
      MAX(occurred_at) AS last_seen_at,
      ${daily.join(',\n      ')}
    FROM ${dialect.table(orgId, names.events)}
    WHERE occurred_at < ${days[ACTIVITY_DAYS]}
    GROUP BY account_id
  ) ev ON ev.account_id = a.id`;
  return { sql, params: p.list() };
}
