import { FILTER_OPERATORS } from '@revlane/contracts';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  API,
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../live-ops/__tests__/live-ops-fixture.js';

/**
 * Property-based requests against the routes that take the richest input
 * (docs/architecture.md §2): whatever arrives, the answer is below 500, and a refused
 * request changes nothing. The seed is printed; FUZZ_SEED replays a failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** 10,000 cases; each property may take minutes on a loaded 2-core machine, hence the timeouts. */
const RUNS = { data: 1_500, cohorts: 3_000, segments: 2_500, sources: 3_000 };

const COLUMNS = [
  'name',
  'domain',
  'plan',
  'mrr',
  'seats',
  'lifecycle_stage',
  'active_users_7d',
  'last_seen_at',
];
const hostile = fc.constantFrom(
  `'; DROP TABLE accounts; --`,
  '" OR 1=1 --',
  '$1',
  '\\',
  '%_',
  '__proto__',
  'constructor',
  '\u0000',
  '{"toString":0}',
);
const word = fc.oneof(fc.constantFrom(...COLUMNS), hostile, fc.string({ maxLength: 12 }));
const scalar = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  word,
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const value = fc.oneof(
  { weight: 3, arbitrary: scalar },
  fc.array(scalar, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const filter = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        field: word,
        operator: fc.oneof(fc.constantFrom(...Object.keys(FILTER_OPERATORS)), word),
        value,
      },
      { requiredKeys: ['field', 'operator'] },
    ),
  },
  fc.jsonValue({ maxDepth: 2 }),
  fc.object({ maxDepth: 1 }),
);
const filters = fc.array(filter, { maxLength: 4 });
/** A JSON list as the SPA sends it, or text that is not one. */
const jsonListText = (items: fc.Arbitrary<unknown[]>) =>
  fc.oneof(
    { weight: 4, arbitrary: items.map((list) => JSON.stringify(list)) },
    fc.string({ maxLength: 30 }),
    hostile,
  );
const numberText = fc.oneof(
  fc.integer({ min: -5, max: 10_000 }).map(String),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('1e309', 'NaN', '-0', '0x10'),
);

const dataQuery = fc.record(
  {
    filters: jsonListText(filters),
    columns: jsonListText(
      fc.array(fc.oneof({ weight: 4, arbitrary: word }, fc.jsonValue({ maxDepth: 1 })), {
        maxLength: 5,
      }),
    ),
    sortBy: fc
      .array(
        fc.tuple(fc.constantFrom('', '-', '+'), word).map(([sign, field]) => sign + field),
        { maxLength: 3 },
      )
      .map((list) => list.join(',')),
    page: numberText,
    perPage: numberText,
    search: fc.oneof(fc.string({ maxLength: 20 }), hostile),
    pivot: word,
  },
  { requiredKeys: [] },
);
const cohortBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        name: fc.oneof(word, fc.string({ maxLength: 300 })),
        filters: fc.oneof(filters, value),
        favorite: fc.oneof(fc.boolean(), scalar),
      },
      { requiredKeys: [] },
    ),
  },
  fc.jsonValue({ maxDepth: 2 }),
);
const segmentBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        name: fc.oneof(word, fc.string({ maxLength: 300 })),
        description: fc.oneof(word, scalar),
        filters: fc.oneof(filters, value),
        columns: fc.oneof(fc.array(word, { maxLength: 5 }), value),
        sorting: fc.oneof(
          fc.array(fc.record({ field: word, isDescending: fc.oneof(fc.boolean(), scalar) }), {
            maxLength: 3,
          }),
          value,
        ),
        grouping: fc.oneof(
          fc.record({
            pivot: fc.oneof(word, fc.constant(null)),
            pivotIdentifier: fc.oneof(word, fc.constant(null)),
          }),
          value,
        ),
        disabled: fc.oneof(fc.boolean(), scalar),
      },
      { requiredKeys: [] },
    ),
  },
  fc.jsonValue({ maxDepth: 2 }),
);
const sourceConfig = fc.record(
  {
    host: fc.oneof(word, fc.constantFrom('127.0.0.1', 'localhost', '::1')),
    port: fc.oneof(fc.integer({ min: -1, max: 70_000 }), scalar),
    database: word,
    user: word,
    password: word,
    tlsMode: word,
    fileName: fc.oneof(word, fc.constantFrom('../../etc/passwd', 'a.csv', 'a/../../b.csv')),
  },
  { requiredKeys: [] },
);
const sourceBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        type: fc.oneof(fc.constantFrom('postgres', 'csv', 'mysql'), word),
        name: fc.oneof(word, fc.string({ maxLength: 300 })),
        config: fc.oneof(sourceConfig, value),
        schedule: word,
      },
      { requiredKeys: [] },
    ),
  },
  fc.jsonValue({ maxDepth: 2 }),
);

describe.sequential(
  `fuzz: segment data, cohort, segment and source input (seed ${SEED}, FUZZ_SEED to replay)`,
  () => {
    let f: LiveOpsFixture;
    let segmentId: string;
    beforeAll(async () => {
      f = await createLiveOpsFixture();
      segmentId = f.segmentId('All accounts');
      console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
    });
    afterAll(() => f.close());

    /**
     * What a request can change, in one statement (fast enough to run after every case): the
     * fuzzed segment's definition and how many cohorts and sources there are. Background
     * snapshots refresh other columns; those are not a request's doing.
     */
    const state = async () => {
      const result = (await f.t.database.db.execute(sql`
      SELECT (SELECT row_to_json(s)::text FROM (SELECT name, description, disabled, filters, columns, grouping, sorting FROM segments WHERE id = ${segmentId}) s) AS segment,
             (SELECT count(*) FROM cohorts) AS cohorts,
             (SELECT count(*) FROM sources) AS sources`)) as { rows: unknown[] };
      return JSON.stringify(result.rows);
    };

    /** Sends each generated request; ≥ 500 fails, and a 4xx must leave `state` as it was. */
    const fuzz = async <T>(
      arbitrary: fc.Arbitrary<T>,
      runs: number,
      request: (input: T) => InjectOptions,
      mutating = true,
    ) => {
      let cases = 0;
      let before = mutating ? await state() : '';
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          cases += 1;
          const response = await f.inject(f.dana, request(input));
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (!mutating) return;
          const after = await state();
          if (response.statusCode >= 400 && after !== before)
            expect.fail(`${response.statusCode} changed the data: ${response.body}`);
          before = after;
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
      return cases;
    };

    it('answers every segment data query string below 500', async () => {
      const cases = await fuzz(
        dataQuery,
        RUNS.data,
        (query) => ({ method: 'GET', url: `${API}/segments/${segmentId}/data`, query }),
        false,
      );
      expect(cases).toBe(RUNS.data);
    }, 240_000);

    it('answers every cohort body below 500, and a refused one creates nothing', async () => {
      expect(
        await fuzz(cohortBody, RUNS.cohorts, (payload) => ({
          method: 'POST',
          url: `${API}/segments/${segmentId}/cohorts`,
          payload: payload as object,
        })),
      ).toBe(RUNS.cohorts);
    }, 240_000);

    it('answers every segment body below 500, and a refused one changes nothing', async () => {
      expect(
        await fuzz(segmentBody, RUNS.segments, (payload) => ({
          method: 'PATCH',
          url: `${API}/segments/${segmentId}`,
          payload: payload as object,
        })),
      ).toBe(RUNS.segments);
    }, 240_000);

    it('answers every source body below 500, and a refused one creates nothing', async () => {
      expect(
        await fuzz(sourceBody, RUNS.sources, (payload) => ({
          method: 'POST',
          url: '/composer/api/v1/sources',
          payload: payload as object,
        })),
      ).toBe(RUNS.sources);
    }, 240_000);
  },
);
