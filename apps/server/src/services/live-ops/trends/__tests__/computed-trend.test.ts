import { describe, expect, it } from 'vitest';
import type { SegmentFilter, TrendRequestInput, TrendResponse } from '@revlane/contracts';
import { useLiveOpsFixture } from '../../__tests__/live-ops-fixture.js';
import { API, insertCohort } from '../../__tests__/cohort-seeds.js';

const ACTIVE_7D: SegmentFilter[] = [{ field: 'events_7d', operator: 'gt', value: 0 }];
const DAYS = ['2024-06-10', '2024-06-11', '2024-06-12', '2024-06-13', '2024-06-14', '2024-06-15'];

describe('live-ops: POST segments/{id}/trend computed for unsaved filters', () => {
  const f = useLiveOpsFixture();

  const post = (body: TrendRequestInput, user = f.dana, segmentId?: string) =>
    f.inject(user, {
      method: 'POST',
      url: `${API}/segments/${segmentId ?? f.segmentId('All accounts')}/trend`,
      payload: body,
    });
  const trend = async (body: TrendRequestInput) => {
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: TrendResponse }>().data;
  };
  /** Accounts with an event in the 7 UTC days ending with `day`, counted on events directly. */
  const directActiveAccounts = async (day: string) => {
    const { engine } = f.t.app.warehouse;
    const table = (name: string) => engine.dialect.table(f.danaOrg, name);
    const end = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
    const [row] = await engine.query(f.danaOrg, {
      sql: `SELECT COUNT(*) AS n FROM ${table('accounts')} a WHERE EXISTS (
          SELECT 1 FROM ${table('events')} e WHERE e.account_id = a.id
          AND e.occurred_at >= CAST($1 AS TIMESTAMP) AND e.occurred_at < CAST($2 AS TIMESTAMP))`,
      params: [
        new Date(end - 7 * 86_400_000).toISOString().replace('T', ' ').slice(0, 19),
        new Date(end).toISOString().replace('T', ' ').slice(0, 19),
      ],
    });
    return Number(row!.n);
  };

  it('counts the filters as of the end of each day, like a direct count over events', async () => {
    const body = { filters: ACTIVE_7D, from: DAYS[0]!, to: DAYS.at(-1)! };
    const result = await trend(body);
    expect(result).toMatchObject({ source: 'computed', metric: 'members', window: null });
    const expected = [];
    for (const day of DAYS) expected.push({ date: day, value: await directActiveAccounts(day) });
    expect(result.points).toEqual(expected);
    // The series moves from day to day: the as-of tables really differ per point.
    expect(new Set(expected.map((point) => point.value)).size).toBeGreaterThan(1);
  });

  it('evaluates weeks as of their last day and counts the whole segment without filters', async () => {
    // 2024-06-03 and 06-10 are Mondays; the second week is clipped to 06-12.
    const weeks = await trend({
      filters: ACTIVE_7D,
      from: '2024-06-03',
      to: '2024-06-12',
      interval: 'week',
    });
    expect(weeks.points).toEqual([
      { date: '2024-06-03', value: await directActiveAccounts('2024-06-09') },
      { date: '2024-06-10', value: await directActiveAccounts('2024-06-12') },
    ]);
    const whole = await trend({ from: '2024-06-14', to: '2024-06-15' });
    expect(whole.points.map((point) => point.value)).toEqual([50, 50]);
  });

  it('answers 422 pointing to a saved cohort when the engine runs out of memory', async () => {
    const { engine } = f.t.app.warehouse;
    // PostgreSQL spills to disk instead; its SQLSTATE 53200 is mapped by the same check.
    if (engine.dialect.name !== 'duckdb') return;
    // The limit is lowered to just above what the organization's database holds now, so the
    // trend's scratch tables cannot fit; restored afterwards.
    const [usage] = await engine.query(f.danaOrg, {
      sql: 'SELECT sum(memory_usage_bytes) AS used FROM duckdb_memory()',
      params: [],
    });
    const limit = Number(usage!.used) + 256 * 1024;
    const setLimit = (bytes: string) =>
      engine.execute(f.danaOrg, [{ sql: `SET memory_limit = '${bytes}'`, params: [] }]);
    await setLimit(`${limit}B`);
    try {
      const response = await post({ filters: ACTIVE_7D, from: DAYS[0]!, to: DAYS.at(-1)! });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({
        error: 'unprocessable_entity',
        errors: [{ path: 'body.filters' }],
      });
    } finally {
      await setLimit('2GB');
    }
    expect((await post({ filters: ACTIVE_7D, from: DAYS[0]!, to: DAYS[1]! })).statusCode).toBe(200);
  });

  it('answers 400 naming each bad part of the body', async () => {
    const cohortId = await insertCohort(f, f.danaOrg, f.segmentId('All accounts'), 'Saved');
    const cases: [TrendRequestInput | Record<string, unknown>, string][] = [
      [{ from: '2024-06-10', to: '2024-06-01' }, 'body.from'],
      [{ cohortId, filters: [], from: '2024-06-01', to: '2024-06-02' }, 'body.filters'],
      [{ metric: 'entered', from: '2024-06-01', to: '2024-06-02' }, 'body.metric'],
      [{ from: '2024-01-01', to: '2024-03-01' }, 'body.interval'],
      [
        {
          filters: [{ field: 'nope', operator: 'eq', value: 1 }],
          from: '2024-06-01',
          to: '2024-06-02',
        },
        'body.filters[0].field',
      ],
      [{ from: '2024-06-01', to: '2024-06-02', window: 0 }, 'body.window'],
    ];
    for (const [body, path] of cases) {
      const response = await post(body as TrendRequestInput);
      expect(response.statusCode, response.body).toBe(400);
      const paths = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
      expect(paths, JSON.stringify(body)).toContain(path);
    }
  });

  it('answers "preparing" (202) before the organization’s first load', async () => {
    const response = await post(
      { from: '2024-06-01', to: '2024-06-02' },
      f.eve,
      f.eveSegmentId('All accounts'),
    );
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ data: { status: 'preparing' } });
  });
});
