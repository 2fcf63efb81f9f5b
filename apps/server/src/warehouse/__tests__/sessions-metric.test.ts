import { describe, expect, it } from 'vitest';
import { withOneDayAsOfTables } from '../as-of/__tests__/one-day-as-of-tables.js';
import { withAsOfSeriesTables } from '../as-of/with-as-of-series-tables.js';
import { TEST_ENGINES, useHandMadeWarehouse } from './engines.js';
import { handMadeBatchesWithSessions } from './hand-made-data.js';

const DAY_MS = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/**
 * sessions_30d (one entry in metrics/metric-definitions.ts: `login` events in the 30 days
 * ending with the as-of day), worked out by hand from hand-made-data.ts with SESSION_EVENTS.
 * a1 signs in on 05-16 23:59:59 and 06-15 00:00, a2 twice on 06-14, a3 on 06-16 (a webhook
 * on 06-10 is no sign-in), a5 only uses a feature, a4 does nothing. Keys are as-of days.
 */
// prettier-ignore
const SESSIONS_AS_OF: Record<string, Record<string, number>> = {
  '2024-05-15': { a1: 0, a2: 0, a3: 0, a4: 0, a5: 0 },
  '2024-05-16': { a1: 1, a2: 0, a3: 0, a4: 0, a5: 0 },
  '2024-06-14': { a1: 1, a2: 2, a3: 0, a4: 0, a5: 0 }, // window 05-16…06-14
  '2024-06-15': { a1: 1, a2: 2, a3: 0, a4: 0, a5: 0 }, // 05-17…06-15: 05-16 out, 06-15 in
  '2024-06-16': { a1: 1, a2: 2, a3: 1, a4: 0, a5: 0 },
  '2024-07-14': { a1: 1, a2: 0, a3: 1, a4: 0, a5: 0 }, // 06-15…07-14
  '2024-07-15': { a1: 0, a2: 0, a3: 1, a4: 0, a5: 0 }, // 06-16…07-15
};
const DAYS = Object.keys(SESSIONS_AS_OF).map(day);

describe.each(TEST_ENGINES)('sessions_30d from its definition alone, on $name', (engine) => {
  const loaded = useHandMadeWarehouse(engine, handMadeBatchesWithSessions);
  const { orgId } = loaded;
  const select = (sql: string, table: string, params: string[] = []) =>
    loaded.warehouse.query(orgId, {
      sql: sql.replace('<table>', loaded.warehouse.dialect.table(orgId, table)),
      params,
    });
  const byId = (rows: Record<string, unknown>[], column: string): Record<string, unknown> =>
    Object.fromEntries(rows.map((row) => [String(row.id), row[column]] as const));

  it('counts sign-ins, not other events, in the per-load tables, accounts and users alike', async () => {
    const expected = SESSIONS_AS_OF['2024-06-15'];
    const metrics = await select(
      'SELECT account_id AS id, sessions_30d, events_30d FROM <table> ORDER BY id',
      'account_metrics',
    );
    expect(byId(metrics, 'sessions_30d')).toEqual(expected);
    expect(byId(metrics, 'events_30d')).toMatchObject({ a1: 5, a5: 1 });
    const accounts = await select('SELECT id, sessions_30d FROM <table>', 'segment_accounts');
    expect(byId(accounts, 'sessions_30d')).toEqual(expected);
    const users = await select('SELECT id, account_sessions_30d FROM <table>', 'segment_users');
    // u6's account a9 does not exist: its account columns are blank.
    expect(byId(users, 'account_sessions_30d')).toEqual({
      u1: 1,
      u2: 1,
      u3: 2,
      u4: 0,
      u5: 0,
      u6: null,
    });
  });

  it('counts them as of each past day in the as-of series, as the one-day build does', async () => {
    const series = await withAsOfSeriesTables(
      loaded.warehouse,
      orgId,
      DAYS,
      ['accounts'],
      (tables) => select('SELECT as_of_day, id, sessions_30d FROM <table>', tables.accounts),
    );
    for (const asOfDay of DAYS) {
      const iso = new Date(asOfDay).toISOString();
      const expected = SESSIONS_AS_OF[iso.slice(0, 10)];
      const rows = series.filter((row) => row.as_of_day === iso);
      expect(byId(rows, 'sessions_30d'), `series as of ${iso}`).toEqual(expected);
      const oneDay = await withOneDayAsOfTables(
        loaded.warehouse,
        orgId,
        asOfDay + DAY_MS - 1,
        (t) => select('SELECT id, sessions_30d FROM <table>', t.accounts),
      );
      expect(byId(oneDay, 'sessions_30d'), `one-day build as of ${iso}`).toEqual(expected);
    }
  });
});
