import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORE_GRADES, type BacktestResult } from '@revlane/contracts';
import { TEST_ENGINES, useHandMadeWarehouse } from '../../__tests__/engines.js';
import { productOnly } from '../../__tests__/hand-made-data.js';
import type { ColumnBatch } from '../../engine/table-schema.js';
import { backtestScore, scoredDays } from '../backtest.js';
import { withBacktestSeries } from '../backtest-series.js';
import type { ScoreDefinition } from '../score-definition.js';

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2024, 5, 15, 12); // Saturday 2024-06-15 12:00 UTC
const at = (iso: string) => Date.parse(iso);

/**
 * Ten accounts a0…a9 with 1…10 seats, a user each. `upgraded` is done by a5…a9 on each of
 * 06-12…06-15; `ping` by a4 on 06-11 and a3 on 06-15. Scored with horizon 2 and 3 days:
 * 06-11, 06-12, 06-13 (06-13 + 2 = today).
 */
const ACCOUNTS = Array.from({ length: 10 }, (_, i) => [
  `a${i}`, `Account ${i}`, `a${i}.com`, null, null, 'pro', 10, i + 1, 'US', 'software',
  'active', true, at('2024-01-01T00:00:00Z'), null,
]); // prettier-ignore
const USERS = Array.from({ length: 10 }, (_, i) => [
  `u${i}`, `a${i}`, `u${i}@a${i}.com`, `User ${i}`, null, 'owner', true,
  at('2024-01-01T00:00:00Z'), null,
]); // prettier-ignore
const EVENTS = [
  ...[5, 6, 7, 8, 9].flatMap((i) =>
    ['12', '13', '14', '15'].map((day) => [`u${i}`, `a${i}`, 'upgraded', at(`2024-06-${day}T10:00:00Z`), null]),
  ),
  ['u4', 'a4', 'ping', at('2024-06-11T09:00:00Z'), null],
  ['u3', 'a3', 'ping', at('2024-06-15T09:00:00Z'), null],
]; // prettier-ignore

const batchOf = (rows: readonly (readonly unknown[])[]): ColumnBatch[] => [
  { rowCount: rows.length, columns: rows[0]!.map((_, c) => rows.map((row) => row[c])) },
];
const batches = () => ({
  accounts: batchOf(productOnly(ACCOUNTS)),
  users: batchOf(productOnly(USERS)),
  events: batchOf(EVENTS),
});

/** 9 rules of a point: seats ≥ 2 … ≥ 10, so a_i scores round(100 i / 9); `lte` reverses it. */
const seatsScore = (operator: 'gte' | 'lte'): ScoreDefinition => ({
  id: 'score-1',
  slug: 'seats',
  name: 'Seats',
  baseTable: 'accounts',
  fit: Array.from({ length: 9 }, (_, k) => ({
    filters: [{ field: 'seats', operator, value: operator === 'gte' ? k + 2 : k + 1 }],
    points: 1,
  })),
  behaviour: [],
  grades: [...DEFAULT_SCORE_GRADES],
});

const decile = (n: number, records: number, converted: number, min: number, max: number) => ({
  decile: n,
  records,
  converted,
  rate: converted / records,
  minScore: min,
  maxScore: max,
});
const grade = (label: string, records: number, converted: number) => ({
  label,
  records,
  converted,
  rate: records > 0 ? converted / records : null,
});

describe('scoredDays', () => {
  it('ends with today − horizon, starts no earlier than the first event day', () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
    const now = NOW;
    expect(scoredDays({ horizonDays: 2, days: 3, now }, day('2024-01-01'))).toEqual(
      ['2024-06-11', '2024-06-12', '2024-06-13'].map(day),
    );
    expect(scoredDays({ horizonDays: 2, days: 30, now }, day('2024-06-12'))).toEqual(
      ['2024-06-12', '2024-06-13'].map(day),
    );
    expect(scoredDays({ horizonDays: 2, days: 3, now }, day('2024-06-14'))).toEqual([]);
    expect(scoredDays({ horizonDays: 2, days: 3, now }, null)).toEqual([]);
    expect(scoredDays({ horizonDays: 1, days: 1, now: day('2024-06-15') + DAY_MS - 1 }, 0)).toEqual(
      [day('2024-06-14')],
    );
  });
});

describe.each(TEST_ENGINES)('score back-test on $name', (engine) => {
  const loaded = useHandMadeWarehouse(engine, batches);
  const options = { horizonDays: 2, days: 3, now: NOW };
  const run = (
    def: ScoreDefinition,
    outcome: Parameters<typeof backtestScore>[3],
    more: Partial<typeof options> = {},
  ) => backtestScore(loaded.warehouse, loaded.orgId, def, outcome, { ...options, ...more });

  it('event outcome: a perfect score has AUC 1, exact deciles, grades and lift', async () => {
    const result = await run(seatsScore('gte'), { event: 'upgraded' });
    expect(result).toEqual<BacktestResult>({
      auc: 1,
      records: 30,
      distinctRecords: 10,
      converted: 15,
      rate: 0.5,
      lift: 2,
      deciles: [100, 89, 78, 67, 56, 44, 33, 22, 11, 0].map((score, index) =>
        decile(index + 1, 3, index < 5 ? 3 : 0, score, score),
      ),
      grades: [grade('A', 6, 6), grade('B', 6, 6), grade('C', 6, 3), grade('D', 12, 0)],
      fromDay: '2024-06-11',
      toDay: '2024-06-13',
      dayCount: 3,
      horizonDays: 2,
    });
  });

  it('event outcome: the reversed score has AUC 0', async () => {
    const result = await run(seatsScore('lte'), { event: 'upgraded' });
    expect(result.auc).toBe(0);
    expect(result.lift).toBe(0);
    expect(result.deciles.map((d) => d.converted)).toEqual([0, 0, 0, 0, 0, 3, 3, 3, 3, 3]);
  });

  it('filters outcome: leaves out record-days already matching, counts later matches', async () => {
    const result = await run(seatsScore('gte'), {
      filters: [{ field: 'active_users_1d', operator: 'gte', value: 1 }],
    });
    // a0–a2: 3 days each, none converted; a3: 3 days, 06-13 converted (ping 06-15); a4: 06-11
    // left out (ping that day), 2 days; a5–a9: only 06-11 (06-12 on they match), converted.
    expect(result.records).toBe(19);
    expect(result.distinctRecords).toBe(10);
    expect(result.converted).toBe(6);
    expect(result.rate).toBeCloseTo(6 / 19, 12);
    // Positives 33, 56…100 against negatives 0×3, 11×3, 22×3, 33×2, 44×2: (10 + 65) / 78.
    expect(result.auc).toBeCloseTo(75 / 78, 12);
    expect(result.lift).toBeCloseTo(19 / 6, 12);
    expect(result.deciles).toEqual([
      decile(1, 2, 2, 89, 100),
      decile(2, 2, 2, 67, 78),
      decile(3, 2, 1, 44, 56),
      decile(4, 2, 0, 33, 44),
      decile(5, 2, 1, 33, 33),
      decile(6, 2, 0, 22, 22),
      decile(7, 2, 0, 11, 22),
      decile(8, 2, 0, 11, 11),
      decile(9, 2, 0, 0, 0),
      decile(10, 1, 0, 0, 0),
    ]);
    expect(result.grades).toEqual([
      grade('A', 2, 2),
      grade('B', 2, 2),
      grade('C', 3, 1),
      grade('D', 12, 1),
    ]);
  });

  it('splits tied scores across deciles by day, then id', async () => {
    // One rule everybody meets: every record-day scores 100.
    const everybody: ScoreDefinition = {
      ...seatsScore('gte'),
      fit: [{ filters: [{ field: 'seats', operator: 'gte' as const, value: 1 }], points: 5 }],
    };
    const result = await run(everybody, { event: 'upgraded' });
    // Three per decile in (day, id) order; a5…a9 converted every day.
    expect(result.deciles.map((d) => [d.records, d.converted])).toEqual([
      [3, 0], [3, 1], [3, 3], [3, 1], [3, 0], [3, 3], [3, 2], [3, 0], [3, 2], [3, 3],
    ]); // prettier-ignore
    expect(result.auc).toBe(0.5);
    expect(result.grades.map((g) => g.records)).toEqual([30, 0, 0, 0]);
  });

  it('back-tests a users score against the users’ own events', async () => {
    const users: ScoreDefinition = {
      ...seatsScore('gte'),
      baseTable: 'users',
      fit: [{ filters: [{ field: 'account_seats', operator: 'gte', value: 6 }], points: 1 }],
    };
    const result = await run(users, { event: 'upgraded' });
    expect(result).toMatchObject({ auc: 1, records: 30, distinctRecords: 10, converted: 15 });
    expect(result.grades.map((g) => [g.label, g.records, g.converted])).toEqual([
      ['A', 15, 15],
      ['B', 0, 0],
      ['C', 0, 0],
      ['D', 15, 0],
    ]);
  });

  it('answers zeros and nulls when no day is left to score', async () => {
    const result = await run(seatsScore('gte'), { event: 'upgraded' }, { horizonDays: 10 });
    expect(result).toMatchObject({
      auc: null,
      records: 0,
      converted: 0,
      rate: null,
      lift: null,
      fromDay: null,
      toDay: null,
      dayCount: 0,
      horizonDays: 10,
    });
    expect(result.deciles.map((d) => d.records)).toEqual(Array(10).fill(0));
    expect(result.grades.map((g) => [g.label, g.records, g.rate])).toEqual(
      ['A', 'B', 'C', 'D'].map((label) => [label, 0, null]),
    );
  });

  it('gives AUC null when nobody converted', async () => {
    const result = await run(seatsScore('gte'), { event: 'never_done' });
    expect(result.records).toBe(30);
    expect(result.converted).toBe(0);
    expect(result.auc).toBeNull();
    expect(result.lift).toBeNull();
  });

  it('repeats the segment table per day when only attributes are filtered on, as the as-of series has them', async () => {
    const { warehouse, orgId } = loaded;
    const days = ['2024-06-10', '2024-06-11', '2024-06-12'].map((d) =>
      Date.parse(`${d}T00:00:00Z`),
    );
    const read = (filters: unknown[]) =>
      withBacktestSeries(warehouse, orgId, 'accounts', days, [filters], (view) =>
        warehouse.query(orgId, {
          sql: `SELECT as_of_day, id, plan, seats, created_at, country FROM ${warehouse.dialect.table(orgId, view)} ORDER BY as_of_day, id`,
          params: [],
        }),
      );
    const attributes = await read([{ field: 'seats', operator: 'gte', value: 2 }]);
    const series = await read([{ field: 'events_7d', operator: 'gte', value: 0 }]);
    expect(attributes).toHaveLength(30);
    expect(attributes).toEqual(series);
    expect(await warehouse.listTables(orgId, 'segment_accounts__')).toEqual([]);
  });
});
