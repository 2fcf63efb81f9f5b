import fc from 'fast-check';
import type { ScoreBehaviourRule } from '@revlane/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, newOrgId } from '../../__tests__/engines.js';
import { productOnly } from '../../__tests__/hand-made-data.js';
import { withAsOfSeriesTables } from '../../as-of/with-as-of-series-tables.js';
import type { Warehouse } from '../../engine/warehouse.js';
import { loadCanonicalData } from '../../loading/load-canonical-data.js';
import { readScoreBreakdowns } from '../score-breakdown.js';
import { scoreSeriesQuery, type SeriesAggregation } from '../score-series.js';
import { AS_OF, DAY_MS, batchOf, daysAgo, definition } from './score-data.js';

const AS_OF_DAY = Math.floor(AS_OF / DAY_MS) * DAY_MS;

/**
 * The back-test's series (score-series.ts, joined or by running sums) must score each
 * record on each day exactly as one day's score does (score-sql.ts: the events within each
 * lifespan before that day). Rules may share an event with different lifespans, and events
 * fall before, inside and after the series' days.
 */
const ruleArbitrary = fc.record({
  event: fc.constantFrom('e0', 'e1', 'e2'),
  points: fc.integer({ min: -40, max: 80 }).filter((points) => points !== 0),
  lifespanDays: fc.integer({ min: 1, max: 45 }),
  capOccurrences: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
});

const caseArbitrary = fc.record({
  rules: fc.array(ruleArbitrary, { minLength: 1, maxLength: 4 }),
  proPoints: fc.integer({ min: 0, max: 30 }),
  accounts: fc.array(
    fc.record({
      pro: fc.boolean(),
      // Events of e0–e2 from three days after the scoring day to 80 days before it.
      events: fc.array(
        fc.tuple(fc.constantFrom('e0', 'e1', 'e2'), fc.integer({ min: -3, max: 80 })),
        { maxLength: 25 },
      ),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  // Series days, counted back from the scoring day.
  daysBack: fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 6 }),
});

type Case = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

function scoreOf({ rules, proPoints }: Case) {
  return definition('series', 'accounts', {
    fit:
      proPoints > 0
        ? [
            {
              filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }],
              points: proPoints,
            },
          ]
        : [],
    behaviour: rules.map(({ event, points, lifespanDays, capOccurrences }): ScoreBehaviourRule => ({
      event,
      points,
      lifespanDays,
      ...(capOccurrences === undefined ? {} : { cap: capOccurrences * points }),
    })),
  });
}

function batchesOf({ accounts }: Case) {
  const rows: unknown[][] = [];
  const events: unknown[][] = [];
  accounts.forEach((account, index) => {
    const id = `k${index}`;
    const plan = account.pro ? 'pro' : 'free';
    // prettier-ignore
    rows.push([id, id, null, null, null, plan, null, null, null, null, null, null, null, null]);
    for (const [name, age] of account.events) events.push([null, id, name, daysAgo(age, 9), null]);
  });
  return { accounts: batchOf(productOnly(rows)), users: [], events: batchOf(events) };
}

describe.each(TEST_ENGINES)('score series on $name (ADR 0034)', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();
  const runs = engine.name === 'duckdb' ? 10 : 5;

  beforeAll(() => {
    ({ warehouse, cleanup } = engine.open());
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  it('scores every record on every series day as that day’s own score does', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (testCase) => {
        const score = scoreOf(testCase);
        await loadCanonicalData(warehouse, orgId, batchesOf(testCase), { asOf: AS_OF });
        const days = testCase.daysBack
          .map((back) => AS_OF_DAY - back * DAY_MS)
          .sort((a, b) => a - b);
        const [joined, running] = await withAsOfSeriesTables(
          warehouse,
          orgId,
          days,
          ['accounts'],
          async (tables, catalogue) => {
            const seriesBy = (aggregation: SeriesAggregation) =>
              warehouse.query(
                orgId,
                scoreSeriesQuery(
                  warehouse.dialect,
                  orgId,
                  score,
                  catalogue,
                  tables.accounts,
                  'events',
                  { days, aggregation },
                ),
              );
            return [await seriesBy('join'), await seriesBy('running-sums')];
          },
        );
        const keyOf = (row: (typeof joined)[number]) =>
          `${row.as_of_day as string} ${row.id as string}`;
        const byKey = (rows: typeof joined) =>
          [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
        // Both ways of aggregating behaviour give the same rows.
        expect(byKey(running)).toEqual(byKey(joined));
        const series = running;
        expect(series).toHaveLength(days.length * testCase.accounts.length);
        for (const row of series) {
          const day = Date.parse(`${(row.as_of_day as string).slice(0, 10)}T00:00:00Z`);
          const [own] = await readScoreBreakdowns(
            warehouse,
            orgId,
            'accounts',
            row.id as string,
            [score],
            day + DAY_MS / 2,
          );
          expect({ day: row.as_of_day, id: row.id, score: row.score, grade: row.grade }).toEqual({
            day: row.as_of_day,
            id: row.id,
            score: own!.score,
            grade: own!.grade,
          });
        }
      }),
      { numRuns: runs },
    );
  }, 180_000);
});
