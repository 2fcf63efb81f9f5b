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
import { cohortsClient } from '../live-ops/__tests__/cohorts-test-client.js';
import { playsClient, webhookPlayBody } from '../main/plays/__tests__/plays-client.js';

/**
 * Property-based requests against the routes that take the richest input
 * (docs/architecture.md §2): whatever arrives, the answer is below 500, and a refused
 * request changes nothing. The seed is printed; FUZZ_SEED replays a failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/**
 * Cases in all: 2,000 in `npm test`, more with `FUZZ_CASES` (`npm run test:deep`: 10,000).
 * The data endpoint takes two fifths: a data query changes nothing, so it skips the state
 * check and costs about a millisecond; a mutating case costs 2.5-7.5 ms (plays most:
 * templates and secrets). At 10,000 a property may take a minute or more on a loaded 2-core
 * machine, hence the timeouts.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 2_000);
if (!Number.isInteger(CASES) || CASES < 10) throw new Error(`FUZZ_CASES must be an integer ≥ 10`);
const tenth = Math.floor(CASES / 10);
const RUNS = {
  data: CASES - 6 * tenth,
  cohorts: tenth,
  segments: tenth,
  sources: tenth,
  alerts: tenth,
  plays: tenth,
  mapping: tenth,
};
const MAIN_API = '/api/v1';
const COMPOSER_API = '/composer/api/v1';

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

/** An id: the real one (so validation goes past the lookup), another's or nonsense. */
const idOr = (real: string) => fc.oneof({ weight: 3, arbitrary: fc.constant(real) }, word, scalar);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary }, value);

const alertChannels = fc.record(
  {
    inApp: fc.oneof(fc.boolean(), scalar),
    slack: fc.oneof(fc.constant(null), fc.record({ channelId: word }), value),
    email: fc.oneof(
      fc.array(fc.oneof(fc.emailAddress(), word), { maxLength: 3 }),
      fc.array(fc.emailAddress(), { minLength: 21, maxLength: 22 }),
      value,
    ),
  },
  { requiredKeys: [] },
);
const alertFields = (cohortId: string, segmentId: string) =>
  fc.record(
    {
      name: fc.oneof(word, fc.string({ maxLength: 120 })),
      segmentId: idOr(segmentId),
      cohortId: idOr(cohortId),
      type: fc.oneof(fc.constantFrom('new', 'less'), word),
      threshold: fc.oneof(
        fc.constant(null),
        fc.record(
          {
            kind: fc.oneof(fc.constantFrom('any', 'count', 'percent'), word),
            value: fc.oneof(fc.integer(), fc.double(), scalar),
          },
          { requiredKeys: [] },
        ),
        value,
      ),
      channels: maybe(alertChannels),
      enabled: fc.oneof(fc.boolean(), scalar),
      snoozedUntil: fc.oneof(fc.constant(null), scalar),
      firingIds: fc.oneof(fc.array(word, { maxLength: 3 }), value),
    },
    { requiredKeys: [] },
  );
const listQuery = fc.record(
  {
    page: numberText,
    perPage: numberText,
    search: fc.oneof(fc.string({ maxLength: 20 }), hostile, fc.string({ minLength: 201 })),
    sortBy: fc
      .array(
        fc
          .tuple(fc.constantFrom('', '-'), fc.oneof(fc.constantFrom('name', 'createdAt'), word))
          .map(([sign, field]) => sign + field),
        { maxLength: 3 },
      )
      .map((list) => list.join(',')),
    filters: jsonListText(filters),
    columns: jsonListText(fc.array(word, { maxLength: 3 })),
  },
  { requiredKeys: [] },
);
/** What a play's templates may hold: known and unknown fields, broken braces. */
const template = fc.oneof(
  fc.constantFrom('{{account.name}}', '{{ account.plan }}', '{{nope.x}}', '{{account.name', '}}{{'),
  word,
  fc.string({ maxLength: 40 }),
);
const playAction = fc.record(
  {
    type: fc.oneof(
      fc.constantFrom(
        'slack_message',
        'salesforce_task',
        'hubspot_task',
        'outreach_sequence',
        'google_sheet_append',
        'webhook',
      ),
      word,
    ),
    id: fc.oneof(fc.constantFrom('a-1', 'a-1', 'B_2'), word),
    channel: word,
    text: template,
    subject: template,
    description: template,
    dueInDays: fc.oneof(fc.integer({ min: -1, max: 400 }), scalar),
    sequenceId: word,
    email: template,
    spreadsheetId: word,
    tab: word,
    columns: fc.oneof(
      fc.array(fc.record({ header: word, value: template }), { maxLength: 2 }),
      value,
    ),
    url: fc.oneof(
      fc.constantFrom('https://hooks.example.com/x', 'ftp://x', 'javascript:alert(1)', 'http://'),
      word,
    ),
    fields: fc.oneof(fc.dictionary(word, template, { maxKeys: 3 }), value),
  },
  { requiredKeys: ['type'] },
);
const playFields = (cohortId: string) =>
  fc.record(
    {
      name: fc.oneof(word, fc.string({ maxLength: 120 })),
      status: fc.oneof(fc.constantFrom('draft', 'paused'), word),
      trigger: maybe(
        fc.record(
          {
            type: fc.oneof(fc.constantFrom('cohort_entered', 'schedule'), word),
            cohortId: idOr(cohortId),
            cron: fc.oneof(fc.constantFrom('0 9 * * 1', '* * *', '99 99 * * *'), word),
            timezone: fc.oneof(fc.constantFrom('Europe/Paris', 'Mars/Olympus'), word),
          },
          { requiredKeys: [] },
        ),
      ),
      actions: fc.oneof(fc.array(playAction, { maxLength: 3 }), value),
      includeExisting: fc.oneof(fc.boolean(), scalar),
      reentry: fc.oneof(fc.constantFrom('once', 'every_entry'), word),
    },
    { requiredKeys: [] },
  );
const mappingTable = fc.record(
  {
    sourceId: fc.oneof(word, fc.uuid()),
    table: fc.oneof(fc.constantFrom('accounts', 'users', 'events'), word),
    columns: maybe(
      fc.dictionary(
        fc.constantFrom('id', 'name', 'domain', 'email', 'accountId', 'userId', 'occurredAt'),
        word,
        { maxKeys: 4 },
      ),
    ),
    attributes: fc.oneof(fc.array(word, { maxLength: 3 }), value),
  },
  { requiredKeys: [] },
);
const mappingBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      { accounts: maybe(mappingTable), users: maybe(mappingTable), events: maybe(mappingTable) },
      { requiredKeys: [] },
    ),
  },
  fc.jsonValue({ maxDepth: 2 }),
);

describe.sequential(
  `fuzz: segment data, cohort, segment, source, alert, play and mapping input (seed ${SEED}, FUZZ_SEED to replay)`,
  () => {
    let f: LiveOpsFixture;
    let segmentId: string;
    let cohortId: string;
    let alertId: string;
    let playId: string;
    beforeAll(async () => {
      f = await createLiveOpsFixture();
      segmentId = f.segmentId('All accounts');
      cohortId = (await cohortsClient(f).create(f.dana, segmentId, { name: 'Fuzzed', filters: [] }))
        .id;
      const alert = await f.inject(f.dana, {
        method: 'POST',
        url: `${API}/notifications`,
        payload: {
          name: 'Fuzzed',
          segmentId,
          cohortId,
          type: 'new',
          channels: { inApp: true, slack: null, email: [] },
        },
      });
      expect(alert.statusCode, alert.body).toBe(201);
      alertId = alert.json<{ data: { id: string } }>().data.id;
      playId = (await playsClient(f).create(f.dana, webhookPlayBody(cohortId))).id;
      console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
    });
    afterAll(() => f.close());

    /**
     * What a request can change, in one statement (fast enough to run after every case): the
     * fuzzed segment's, alert's and play's definitions, the mapping drafts and how many
     * cohorts, sources, alerts, plays and publish runs there are. Background snapshots refresh
     * other columns; those are not a request's doing.
     */
    const state = async () => {
      const result = (await f.t.database.db.execute(sql`
      SELECT (SELECT row_to_json(s)::text FROM (SELECT name, description, disabled, filters, columns, grouping, sorting FROM segments WHERE id = ${segmentId}) s) AS segment,
             (SELECT count(*) FROM cohorts) AS cohorts,
             (SELECT count(*) FROM sources) AS sources,
             (SELECT row_to_json(n)::text FROM (SELECT name, cohort_id, type, threshold, channels, enabled, snoozed_until FROM notifications WHERE id = ${alertId}) n) AS alert,
             (SELECT count(*) FROM notifications) AS alerts,
             (SELECT count(*) FROM notification_deliveries WHERE read_at IS NOT NULL) AS read,
             (SELECT row_to_json(p)::text FROM (SELECT name, status, trigger_type, cohort_id, cron, timezone, actions, include_existing, reentry FROM plays WHERE id = ${playId}) p) AS play,
             (SELECT count(*) FROM plays) AS plays,
             (SELECT json_agg(d)::text FROM mapping_drafts d) AS drafts,
             (SELECT count(*) FROM mapping_runs) AS runs`)) as { rows: unknown[] };
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
            expect.fail(
              `${response.statusCode} changed the data: ${response.body}\n${before}\n${after}`,
            );
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
          url: `${COMPOSER_API}/sources`,
          payload: payload as object,
        })),
      ).toBe(RUNS.sources);
    }, 240_000);
    it('answers every alert body and list query below 500, and a refused one changes nothing', async () => {
      const request = fc.oneof(
        alertFields(cohortId, segmentId).map((payload): InjectOptions => ({
          method: 'POST',
          url: `${API}/notifications`,
          payload,
        })),
        alertFields(cohortId, segmentId).map((payload): InjectOptions => ({
          method: 'PATCH',
          url: `${API}/notifications/${alertId}`,
          payload,
        })),
        listQuery.map((query): InjectOptions => ({
          method: 'GET',
          url: `${API}/notifications`,
          query,
        })),
        listQuery.map((query): InjectOptions => ({
          method: 'GET',
          url: `${API}/segments/${segmentId}/notifications`,
          query,
        })),
        fc.oneof(alertFields(cohortId, segmentId), value).map((payload): InjectOptions => ({
          method: 'POST',
          url: `${API}/notifications/inbox/read`,
          payload: payload as object,
        })),
        fc.constant<InjectOptions>({ method: 'GET', url: `${API}/notifications/inbox` }),
      );
      expect(await fuzz(request, RUNS.alerts, (options) => options)).toBe(RUNS.alerts);
    }, 240_000);

    it('answers every play body and preview below 500, and a refused one changes nothing', async () => {
      const request = fc.oneof(
        fc.oneof(playFields(cohortId), value).map((payload): InjectOptions => ({
          method: 'POST',
          url: `${MAIN_API}/plays`,
          payload: payload as object,
        })),
        fc.oneof(playFields(cohortId), value).map((payload): InjectOptions => ({
          method: 'PATCH',
          url: `${MAIN_API}/plays/${playId}`,
          payload: payload as object,
        })),
        fc
          .oneof(fc.constant(undefined), playFields(cohortId), value)
          .map((payload): InjectOptions => ({
            method: 'POST',
            url: `${MAIN_API}/plays/${playId}/preview`,
            ...(payload === undefined ? {} : { payload: payload as object }),
          })),
        listQuery.map((query): InjectOptions => ({
          method: 'GET',
          url: `${MAIN_API}/plays`,
          query,
        })),
      );
      expect(await fuzz(request, RUNS.plays, (options) => options)).toBe(RUNS.plays);
    }, 240_000);

    it('answers every mapping body below 500, and a refused one changes nothing', async () => {
      const request = fc.oneof(
        mappingBody.map((payload): InjectOptions => ({
          method: 'PUT',
          url: `${COMPOSER_API}/mapping`,
          payload: payload as object,
        })),
        fc.oneof(fc.constant(undefined), mappingBody).map((payload): InjectOptions => ({
          method: 'POST',
          url: `${COMPOSER_API}/mapping/preview`,
          ...(payload === undefined ? {} : { payload: payload as object }),
        })),
      );
      expect(await fuzz(request, RUNS.mapping, (options) => options)).toBe(RUNS.mapping);
    }, 240_000);
  },
);
