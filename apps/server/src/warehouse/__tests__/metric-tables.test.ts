import { describe, expect, it } from 'vitest';
import { refreshMetrics } from '../loading/rebuild-metrics.js';
import { TEST_ENGINES, useHandMadeWarehouse } from './engines.js';

/** The sparkline with the given days (0 = 29 days before AS_OF's day, 29 = that day) set. */
function sparkline(days: Record<number, number>): number[] {
  return Array.from({ length: 30 }, (_, day) => days[day] ?? 0);
}

/**
 * Worked out by hand from hand-made-data.ts: windows are whole UTC days ending with
 * 2024-06-15 (7d from 06-09, 30d from 05-17); the 06-16 event lies after the as-of day.
 */
// prettier-ignore
const EXPECTED_USERS = [
  { user_id: 'u1', account_id: 'a1', events_1d: 2, events_7d: 3, events_30d: 4, last_seen_at: '2024-06-15T11:00:00.000Z', active_days_30d: 3 },
  { user_id: 'u2', account_id: 'a1', events_1d: 0, events_7d: 0, events_30d: 1, last_seen_at: '2024-05-17T00:00:00.000Z', active_days_30d: 1 },
  { user_id: 'u3', account_id: 'a2', events_1d: 0, events_7d: 2, events_30d: 2, last_seen_at: '2024-06-14T11:00:00.000Z', active_days_30d: 1 },
  { user_id: 'u4', account_id: 'a3', events_1d: 0, events_7d: 0, events_30d: 0, last_seen_at: '2024-01-01T00:00:00.000Z', active_days_30d: 0 },
  { user_id: 'u5', account_id: 'a3', events_1d: 0, events_7d: 0, events_30d: 0, last_seen_at: null, active_days_30d: 0 },
  { user_id: 'u6', account_id: 'a9', events_1d: 0, events_7d: 0, events_30d: 0, last_seen_at: null, active_days_30d: 0 },
];

// prettier-ignore
const EXPECTED_ACCOUNTS = [
  { account_id: 'a1', active_users_1d: 1, active_users_7d: 1, active_users_30d: 2, events_7d: 3, events_30d: 5, sessions_30d: 1, last_seen_at: '2024-06-15T11:00:00.000Z', seats_used: 2, seat_usage: 20, activity_30d: sparkline({ 0: 1, 22: 1, 23: 1, 29: 2 }) },
  { account_id: 'a2', active_users_1d: 0, active_users_7d: 1, active_users_30d: 1, events_7d: 2, events_30d: 2, sessions_30d: 0, last_seen_at: '2024-06-14T11:00:00.000Z', seats_used: 1, seat_usage: 33, activity_30d: sparkline({ 28: 2 }) },
  { account_id: 'a3', active_users_1d: 0, active_users_7d: 0, active_users_30d: 0, events_7d: 1, events_30d: 1, sessions_30d: 0, last_seen_at: '2024-06-10T00:00:00.000Z', seats_used: 2, seat_usage: 0, activity_30d: sparkline({ 24: 1 }) },
  { account_id: 'a4', active_users_1d: 0, active_users_7d: 0, active_users_30d: 0, events_7d: 0, events_30d: 0, sessions_30d: 0, last_seen_at: null, seats_used: 0, seat_usage: null, activity_30d: sparkline({}) },
  { account_id: 'a5', active_users_1d: 0, active_users_7d: 0, active_users_30d: 0, events_7d: 0, events_30d: 0, sessions_30d: 0, last_seen_at: null, seats_used: 0, seat_usage: 0, activity_30d: sparkline({}) },
];

describe.each(TEST_ENGINES)('metric tables on $name (docs/architecture.md §5.2)', (engine) => {
  const loaded = useHandMadeWarehouse(engine);
  const { orgId } = loaded;
  const all = (table: string, key: string) =>
    loaded.warehouse.query(orgId, {
      sql: `SELECT * FROM ${loaded.warehouse.dialect.table(orgId, table)} ORDER BY ${key}`,
      params: [],
    });

  it('computes per-user metrics as worked out by hand', async () => {
    expect(await all('user_metrics', 'user_id')).toEqual(EXPECTED_USERS);
  });

  it('computes per-account metrics and the daily sparkline as worked out by hand', async () => {
    expect(await all('account_metrics', 'account_id')).toEqual(EXPECTED_ACCOUNTS);
  });

  it('agrees with a direct computation over events for every window', async () => {
    const events = loaded.warehouse.dialect.table(orgId, 'events');
    const direct = await loaded.warehouse.query(orgId, {
      sql: `SELECT account_id, COUNT(*) AS n FROM ${events}
        WHERE occurred_at >= CAST($1 AS TIMESTAMP) AND occurred_at < CAST($2 AS TIMESTAMP)
        GROUP BY account_id ORDER BY account_id`,
      params: ['2024-05-17 00:00:00', '2024-06-16 00:00:00'],
    });
    const stored = (await all('account_metrics', 'account_id')).filter(
      (row) => Number(row.events_30d) > 0,
    );
    expect(stored.map((row) => ({ account_id: row.account_id, n: row.events_30d }))).toEqual(
      direct,
    );
    for (const row of stored) {
      expect((row.activity_30d as number[]).reduce((sum, day) => sum + day, 0)).toBe(
        row.events_30d,
      );
    }
  });

  // As of 2024-06-17: 7d from 06-11, 30d from 05-19, and the 06-16 event now counts.
  it('moves the windows on a refresh without reloading, and swaps the metrics in', async () => {
    await refreshMetrics(loaded.warehouse, orgId, Date.UTC(2024, 5, 17, 9));
    const [u1] = await all('user_metrics', 'user_id');
    expect(u1).toMatchObject({ events_1d: 0, events_7d: 2, events_30d: 4 });
    const [a1, a2] = await all('account_metrics', 'account_id');
    expect(a1).toMatchObject({ events_30d: 4, sessions_30d: 1 });
    expect(a2).toMatchObject({ events_7d: 3, activity_30d: sparkline({ 26: 2, 28: 1 }) });
  });
});
