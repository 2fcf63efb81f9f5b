import fc from 'fast-check';
import { scoreColumnsOf, type ScoreBehaviourRule, type ScoreFitRule } from '@revlane/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, newOrgId } from '../../__tests__/engines.js';
import { productOnly } from '../../__tests__/hand-made-data.js';
import type { Warehouse } from '../../engine/warehouse.js';
import { loadCanonicalData } from '../../loading/load-canonical-data.js';
import { readScoreBreakdowns } from '../score-breakdown.js';
import { writeScoreDefinitions } from '../score-definitions-store.js';
import { previewScore } from '../score-preview.js';
import { AS_OF, DAY_MS, batchOf, daysAgo, definition } from './score-data.js';

const PLANS = ['free', 'starter', 'pro', 'enterprise'] as const;
const COLUMNS = scoreColumnsOf('prop');

/** Points as people write them: whole or quarter points, never 0. */
const points = (sign: 1 | -1 | 0) =>
  fc
    .integer({ min: 1, max: 200 })
    .chain((quarters) =>
      (sign === 0 ? fc.constantFrom(1, -1) : fc.constant(sign)).map((s) => (s * quarters) / 4),
    );

const fitRule: fc.Arbitrary<ScoreFitRule> = fc.oneof(
  fc.record({
    filters: fc
      .subarray([...PLANS], { minLength: 1 })
      .map((plans) => [{ field: 'plan', operator: 'includes' as const, value: plans }]),
    points: points(0),
  }),
  fc.record({
    filters: fc
      .integer({ min: 0, max: 20 })
      .map((seats) => [{ field: 'seats', operator: 'gt' as const, value: seats }]),
    points: points(0),
  }),
);

/** Behaviour rule j reads event `e<j>` alone, so an event counts for one rule only. */
const behaviourRules = (sign: 1 | 0) =>
  fc.record({
    points: points(sign),
    lifespanDays: fc.integer({ min: 1, max: 60 }),
    capOccurrences: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  });

const scoreArbitrary = fc
  .record({
    fit: fc.array(fitRule, { maxLength: 3 }),
    // The first rule gives points: the one the twins' extra event counts for.
    first: behaviourRules(1),
    others: fc.array(behaviourRules(0), { maxLength: 3 }),
  })
  .map(({ fit, first, others }) =>
    definition('prop', 'accounts', {
      fit,
      behaviour: [first, ...others].map(
        ({ points, lifespanDays, capOccurrences }, j): ScoreBehaviourRule => ({
          event: `e${j}`,
          points,
          lifespanDays,
          ...(capOccurrences === undefined ? {} : { cap: capOccurrences * points }),
        }),
      ),
    }),
  );

const accountArbitrary = fc.record({
  plan: fc.option(fc.constantFrom(...PLANS), { nil: null }),
  seats: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
  // Events of rules 0–3 from two days after the scoring day to 70 days before it.
  events: fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: -2, max: 70 })), {
    maxLength: 12,
  }),
  // The twin's extra event of the first (positive) rule.
  extraAge: fc.integer({ min: -2, max: 70 }),
});

const caseArbitrary = fc.record({
  score: scoreArbitrary,
  accounts: fc.array(accountArbitrary, { minLength: 1, maxLength: 6 }),
});

type Case = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** Account `k` and its twin `k_twin`: the same, with one more event of the first rule. */
function batchesOf({ accounts }: Case) {
  const rows: unknown[][] = [];
  const events: unknown[][] = [];
  accounts.forEach((account, index) => {
    for (const [id, extra] of [
      [`k${index}`, []],
      [`k${index}_twin`, [[0, account.extraAge] as [number, number]]],
    ] as const) {
      // prettier-ignore
      rows.push([id, id, null, null, null, account.plan, null, account.seats, null, null, null, null, null, null]);
      for (const [rule, age] of [...account.events, ...extra])
        events.push([null, id, `e${rule}`, daysAgo(age, 12), null]);
    }
  });
  return {
    accounts: batchOf(productOnly(rows)),
    users: [],
    events: batchOf(events),
  };
}

const roundHalfUp = (value: number) => Math.floor(value + 0.5);

describe.each(TEST_ENGINES)('score properties on $name (ADR 0034)', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();
  const runs = engine.name === 'duckdb' ? 12 : 6;

  beforeAll(() => {
    ({ warehouse, cleanup } = engine.open());
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  async function load(testCase: Case) {
    await writeScoreDefinitions(warehouse, orgId, [testCase.score]);
    await loadCanonicalData(warehouse, orgId, batchesOf(testCase), { asOf: AS_OF });
    const rows = await warehouse.query(orgId, {
      sql: `SELECT id, ${COLUMNS.score} AS score, ${COLUMNS.grade} AS grade, ${COLUMNS.reasons} AS reasons FROM ${warehouse.dialect.table(orgId, 'segment_accounts')}`,
      params: [],
    });
    return new Map(rows.map((row) => [row.id as string, row]));
  }

  it('a positive event never lowers a score; a breakdown adds up to its score and reasons', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (testCase) => {
        const scores = await load(testCase);
        for (const [id, row] of scores) {
          if (!id.endsWith('_twin'))
            expect(Number(scores.get(`${id}_twin`)!.score)).toBeGreaterThanOrEqual(
              Number(row.score),
            );
          const [breakdown] = await readScoreBreakdowns(
            warehouse,
            orgId,
            'accounts',
            id,
            [testCase.score],
            AS_OF,
          );
          expect(breakdown!.score).toBe(row.score);
          expect(breakdown!.grade).toBe(row.grade);
          const unclamped =
            breakdown!.maximum > 0
              ? roundHalfUp((100 * breakdown!.points) / breakdown!.maximum)
              : 0;
          expect(breakdown!.score).toBe(Math.max(0, Math.min(100, unclamped)));
          expect(breakdown!.contributions.reduce((sum, c) => sum + c.contribution, 0)).toBe(
            unclamped,
          );
          const reasons = breakdown!.contributions
            .filter((c) => c.contribution !== 0)
            .slice(0, 3)
            .map((c) => c.text)
            .join('; ');
          expect(row.reasons).toBe(reasons === '' ? null : reasons);
        }
      }),
      { numRuns: runs },
    );
  }, 120_000);

  it('a behaviour-only score is 0 once every lifespan has passed', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (testCase) => {
        await load(testCase);
        const behaviourOnly = { ...testCase.score, fit: [] };
        const longest = Math.max(...behaviourOnly.behaviour.map((rule) => rule.lifespanDays));
        // The latest event is two days after AS_OF: its lifespan has passed `longest` days on.
        const later = AS_OF + (longest + 2) * DAY_MS;
        const preview = await previewScore(warehouse, orgId, behaviourOnly, later);
        expect(preview.histogram[0]!.records).toBe(preview.records);
        for (const example of preview.examples) {
          expect(example.points).toBe(0);
          expect(example.contributions.every((c) => c.occurrences === 0)).toBe(true);
        }
      }),
      { numRuns: runs },
    );
  }, 120_000);
});
