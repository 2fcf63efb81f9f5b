import {
  RECORD_ACTIVITY_DAYS_MAX,
  RECORD_EVENTS_PER_PAGE_MAX,
  recordActivitySchema,
  recordEventsPageSchema,
  type RecordEventsPage,
} from '@revlane/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  loadCanonicalData,
  RECORD_TIMELINE_TABLES,
  refreshMetrics,
} from '../../../warehouse/index.js';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { DAY, dayText, eventsOf, iso, recordLoad, TODAY } from './__tests__/record-data.js';
import { readDailyCounts, readTimelinePage } from './record-timeline.repository.js';

const ACCOUNT_ONE = eventsOf('').accountOne.map((event) => ({
  userId: event.user_id,
  accountId: event.account_id,
  name: event.name,
  occurredAt: iso(event.occurred_at),
  properties: event.properties === null ? null : (JSON.parse(event.properties) as unknown),
}));

describe('record timelines: GET {kind}/{id}/events and /activity (docs/architecture.md §6)', () => {
  const f = useLiveOpsFixture({ load: false });
  beforeAll(async () => {
    const { engine } = f.t.app.warehouse;
    await loadCanonicalData(engine, f.danaOrg, recordLoad(''));
    await loadCanonicalData(engine, f.eveOrg, recordLoad('eve-'));
  });

  const get = (url: string) => f.inject(f.dana, { method: 'GET', url: `${API}/${url}` });
  const page = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return recordEventsPageSchema.parse(response.json<{ data: RecordEventsPage }>().data);
  };
  const activity = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return recordActivitySchema.parse(response.json<{ data: unknown }>().data).days;
  };

  it('pages an account’s events newest first, ties by user, name and properties', async () => {
    expect(await page('accounts/acc-1/events')).toEqual({
      events: ACCOUNT_ONE,
      page: 1,
      perPage: 50,
      hasMore: false,
    });
    const pages = [];
    for (const n of [1, 2, 3, 4])
      pages.push(await page(`accounts/acc-1/events?page=${n}&perPage=4`));
    expect(pages.map((p) => p.events)).toEqual([
      ACCOUNT_ONE.slice(0, 4),
      ACCOUNT_ONE.slice(4, 8),
      ACCOUNT_ONE.slice(8),
      [],
    ]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false, false]);
    expect((await page('accounts/acc-1/events?perPage=10')).hasMore).toBe(false);
    expect((await page('accounts/acc-1/events?perPage=9')).hasMore).toBe(true);
    expect(ACCOUNT_ONE[6]).toMatchObject({ userId: null, name: 'webhook' });
  });

  it('pages a user’s events, and answers an empty page for a record without events', async () => {
    const own = ACCOUNT_ONE.filter((event) => event.userId === 'usr-1');
    expect((await page('users/usr-1/events')).events).toEqual(own);
    expect((await page('users/usr-5/events')).events).toEqual([
      {
        userId: 'usr-5',
        accountId: null,
        name: 'login',
        occurredAt: iso(TODAY - 5 * DAY),
        properties: { method: 'sso' },
      },
    ]);
    expect(await page('users/usr-3/events')).toEqual({
      events: [],
      page: 1,
      perPage: 50,
      hasMore: false,
    });
    expect((await page('accounts/acc-3/events?page=7')).events).toEqual([]);
  });

  it('counts events per UTC day for the last 180 days, oldest first, zeros kept', async () => {
    const days = await activity('accounts/acc-1/activity');
    expect(days).toHaveLength(180);
    expect(days[0]!.day).toBe(dayText(TODAY - 179 * DAY));
    expect(days[179]!.day).toBe(dayText(TODAY));
    const expected = new Map([
      [dayText(TODAY), 1],
      [dayText(TODAY - DAY), 5],
      [dayText(TODAY - 2 * DAY), 1],
      [dayText(TODAY - 30 * DAY), 1],
      [dayText(TODAY - 179 * DAY), 1],
    ]);
    expect(days).toEqual(
      Array.from({ length: 180 }, (_, i) => {
        const day = dayText(TODAY - (179 - i) * DAY);
        return { day, events: expected.get(day) ?? 0 };
      }),
    );
    const longer = await activity('accounts/acc-1/activity?days=181');
    expect(longer[0]).toEqual({ day: dayText(TODAY - 180 * DAY), events: 1 });
    expect(longer.slice(1)).toEqual(days);
    expect(await activity('users/usr-2/activity?days=2')).toEqual([
      { day: dayText(TODAY - DAY), events: 1 },
      { day: dayText(TODAY), events: 1 },
    ]);
    expect(await activity('accounts/acc-3/activity?days=3')).toEqual(
      [2, 1, 0].map((back) => ({ day: dayText(TODAY - back * DAY), events: 0 })),
    );
  });

  it('refuses a bad page, perPage or days with a 400 naming the field', async () => {
    const cases = [
      ['accounts/acc-1/events?page=0', 'query.page'],
      ['accounts/acc-1/events?page=abc', 'query.page'],
      ['users/usr-1/events?page=1.5', 'query.page'],
      ['accounts/acc-1/events?perPage=0', 'query.perPage'],
      [`users/usr-1/events?perPage=${RECORD_EVENTS_PER_PAGE_MAX + 1}`, 'query.perPage'],
      ['accounts/acc-1/activity?days=0', 'query.days'],
      [`users/usr-1/activity?days=${RECORD_ACTIVITY_DAYS_MAX + 1}`, 'query.days'],
      ['accounts/acc-1/activity?days=two', 'query.days'],
    ];
    for (const [url, path] of cases) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(400);
      const body = response.json<{ error: string; errors: { path: string }[] }>();
      expect(body.error, url).toBe('bad_request');
      expect(
        body.errors.map((error) => error.path),
        url,
      ).toEqual([path]);
    }
    expect(
      (await page(`accounts/acc-1/events?perPage=${RECORD_EVENTS_PER_PAGE_MAX}`)).perPage,
    ).toBe(RECORD_EVENTS_PER_PAGE_MAX);
  });

  it('reads the same events from the sorted copies as from `events` itself', async () => {
    const { engine } = f.t.app.warehouse;
    for (const [table, id] of [
      ['accounts', 'acc-1'],
      ['users', 'usr-2'],
    ] as const) {
      const copy = { table: RECORD_TIMELINE_TABLES[table].name, keyed: true };
      const live = { table: 'events', keyed: false };
      const read = (source: typeof copy) =>
        readTimelinePage(engine, f.danaOrg, source, table, id, 0, 50);
      expect(await read(copy)).toEqual(await read(live));
      expect((await read(copy)).length).toBeGreaterThan(0);
      const range = { from: dayText(TODAY - 200 * DAY), until: dayText(TODAY + DAY) };
      const counts = (source: typeof copy) =>
        readDailyCounts(engine, f.danaOrg, source, table, id, range);
      expect(await counts(copy)).toEqual(await counts(live));
    }
  });

  it('indexes each copy by record and time on PostgreSQL', async () => {
    const { engine } = f.t.app.warehouse;
    if (engine.dialect.name !== 'postgres') return;
    const rows = await engine.query(f.danaOrg, {
      sql: `SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY tablename`,
      params: [`org_${f.danaOrg.replace(/-/g, '').toLowerCase()}`],
    });
    const timelines = rows.filter((row) => (row.tablename as string).startsWith('events_by_'));
    expect(
      timelines.map((row) => [row.tablename, (row.indexdef as string).replace(/^.* USING /, '')]),
    ).toEqual([
      ['events_by_account', 'btree (account_id, occurred_at DESC)'],
      ['events_by_user', 'btree (user_id, occurred_at DESC)'],
    ]);
  });

  it('builds the copies when events load, keeps them on a refresh, and rebuilds missing ones', async () => {
    const { engine } = f.t.app.warehouse;
    const names = Object.values(RECORD_TIMELINE_TABLES).map((table) => table.name);
    const count = async (name: string) => {
      const [row] = await engine.query(f.eveOrg, {
        sql: `SELECT COUNT(*) AS n FROM ${engine.dialect.table(f.eveOrg, name)}`,
        params: [],
      });
      return Number(row!.n);
    };
    for (const name of names) expect(await count(name)).toBe(12);
    await engine.execute(f.eveOrg, [
      {
        sql: `INSERT INTO ${engine.dialect.table(f.eveOrg, names[0]!)} SELECT * FROM ${engine.dialect.table(f.eveOrg, names[0]!)}`,
        params: [],
      },
    ]);
    // A refresh (events unchanged) keeps the copies it finds: the doubled rows stay.
    await refreshMetrics(engine, f.eveOrg);
    expect(await count(names[0]!)).toBe(24);
    await engine.execute(
      f.eveOrg,
      names.map((name) => ({
        sql: `DROP TABLE ${engine.dialect.table(f.eveOrg, name)}`,
        params: [],
      })),
    );
    // A warehouse without them (loaded before they existed) reads `events` meanwhile...
    const eve = await f.inject(f.eve, { method: 'GET', url: `${API}/accounts/eve-acc-1/events` });
    expect(eve.json<{ data: RecordEventsPage }>().data.events).toHaveLength(10);
    // ...and gets them at its next refresh.
    await refreshMetrics(engine, f.eveOrg);
    for (const name of names) expect(await count(name)).toBe(12);
    await loadCanonicalData(engine, f.eveOrg, recordLoad('eve-'));
    for (const name of names) expect(await count(name)).toBe(12);
  });
});
