import { scorePreviewSchema, type ScoreBreakdown } from '@revlane/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, newOrgId } from '../../__tests__/engines.js';
import { withAsOfSeriesTables } from '../../as-of/with-as-of-series-tables.js';
import { compileSeriesQuery } from '../../compiler/compile-series-query.js';
import { SegmentQueryError } from '../../compiler/segment-query-error.js';
import type { Warehouse } from '../../engine/warehouse.js';
import { loadCanonicalData } from '../../loading/load-canonical-data.js';
import { readCatalogue, readLoadInfo } from '../../loading/load-info.js';
import { refreshMetrics } from '../../loading/rebuild-metrics.js';
import { SegmentReader } from '../../reading/segment-reader.js';
import { readScoreBreakdowns } from '../score-breakdown.js';
import { readScoreDefinitions, writeScoreDefinitions } from '../score-definitions-store.js';
import { previewScore } from '../score-preview.js';
import { scoreSeriesQuery } from '../score-series.js';
import { AS_OF, DAY_MS, GOLDEN, definition, scoreBatches } from './score-data.js';

const AS_OF_DAY = Math.floor(AS_OF / DAY_MS) * DAY_MS;

/** The ids of a page's rows in order. */
const ids = (rows: readonly { id?: unknown }[]) => rows.map((row) => row.id);

/** What a breakdown says of each rule, without the words. */
const shares = (breakdown: ScoreBreakdown) =>
  breakdown.contributions.map(({ kind, rule, points, contribution, occurrences }) => ({
    kind,
    rule,
    points: Math.round(points * 1e9) / 1e9,
    contribution,
    occurrences,
  }));

describe.each(TEST_ENGINES)('scores on $name (ADR 0034)', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();

  const breakdownOf = async (recordId: string, score = GOLDEN, now = AS_OF) => {
    const [breakdown] = await readScoreBreakdowns(
      warehouse,
      orgId,
      score.baseTable,
      recordId,
      [score],
      now,
    );
    return breakdown!;
  };

  beforeAll(async () => {
    ({ warehouse, cleanup } = engine.open());
    await writeScoreDefinitions(warehouse, orgId, [
      GOLDEN,
      definition('signups', 'users', {
        behaviour: [{ event: 'export_created', points: 1, lifespanDays: 7 }],
      }),
    ]);
    await loadCanonicalData(warehouse, orgId, scoreBatches(), { asOf: AS_OF });
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  it('stores definitions whole, replaced at once, and reads none before any', async () => {
    const other = newOrgId();
    expect(await readScoreDefinitions(warehouse, other)).toEqual([]);
    const stored = await readScoreDefinitions(warehouse, orgId);
    expect(stored.map((score) => score.slug)).toEqual(['golden', 'signups']);
    expect(stored[0]).toEqual(GOLDEN);
    await writeScoreDefinitions(warehouse, other, [GOLDEN]);
    await writeScoreDefinitions(warehouse, other, []);
    expect(await readScoreDefinitions(warehouse, other)).toEqual([]);
    await warehouse.dropOrganization(other);
  });

  it('decays linearly: 9 points, a 90-day lifespan, done 3 days ago → 8.7', async () => {
    const golden = await breakdownOf('s1');
    expect(golden).toMatchObject({ recordId: 's1', label: 'Golden', points: 28.7, maximum: 110 });
    // 100 × 28.7 / 110 = 26.09: 18.18 + 7.91 units, the unit left over to the larger remainder.
    expect(golden.score).toBe(26);
    expect(shares(golden)).toEqual([
      { kind: 'fit', rule: 0, points: 20, contribution: 18, occurrences: null },
      { kind: 'behaviour', rule: 0, points: 8.7, contribution: 8, occurrences: 1 },
      { kind: 'fit', rule: 1, points: 0, contribution: 0, occurrences: null },
      { kind: 'behaviour', rule: 1, points: 0, contribution: 0, occurrences: 0 },
    ]);
    expect(golden.contributions.slice(0, 2).map((c) => c.text)).toEqual([
      '+18 Plan is any of Pro',
      "+8 used 'export_created' 1× in 90 days",
    ]);
    expect(golden.grade).toBe('D');
  });

  it('holds a rule to its cap (10 × points by default, or its own)', async () => {
    const capped = await breakdownOf('s2');
    // 20 exports today: 180 points held to 90; −10 under 5 seats: 80 / 110 → 72.7 → 73.
    expect(capped).toMatchObject({ points: 80, score: 73, grade: 'B' });
    expect(shares(capped).slice(0, 2)).toEqual([
      { kind: 'behaviour', rule: 0, points: 90, contribution: 82, occurrences: 20 },
      { kind: 'fit', rule: 1, points: -10, contribution: -9, occurrences: null },
    ]);
    const ownCap = definition('own_cap', 'accounts', {
      behaviour: [{ event: 'export_created', points: 9, lifespanDays: 90, cap: 45 }],
    });
    expect(await breakdownOf('s2', ownCap)).toMatchObject({ points: 45, maximum: 45, score: 100 });
  });

  it('takes points away and clamps the score to 0–100, contributions adding up before clamping', async () => {
    const negative = await breakdownOf('s3');
    // −10 − 25 = −35 of 110: −31.8 → −32, shown as 0.
    expect(negative).toMatchObject({ points: -35, score: 0, grade: 'D' });
    expect(shares(negative).slice(0, 2)).toEqual([
      { kind: 'behaviour', rule: 1, points: -25, contribution: -23, occurrences: 5 },
      { kind: 'fit', rule: 1, points: -10, contribution: -9, occurrences: null },
    ]);
    expect(negative.contributions.reduce((sum, c) => sum + c.contribution, 0)).toBe(-32);
    // 1 point of 8: 12.5 → 13 (half up), the contribution taking the unit.
    const half = definition('half', 'accounts', {
      fit: [
        { filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }], points: 1 },
        { filters: [{ field: 'plan', operator: 'includes', value: ['free'] }], points: 7 },
      ],
    });
    const halfUp = await breakdownOf('s1', half);
    expect(halfUp).toMatchObject({ points: 1, maximum: 8, score: 13 });
    expect(halfUp.contributions[0]).toMatchObject({
      contribution: 13,
      text: '+13 Plan is any of Pro',
    });
    const nothing = await breakdownOf('s4');
    expect(nothing).toMatchObject({ score: 0, points: 0 });
    expect(nothing.contributions.every((c) => c.contribution === 0)).toBe(true);
    // A rule that gave nothing says so, never "0 Plan is any of Pro" (which reads as a match).
    expect(nothing.contributions.map((c) => c.text)).toContain('No points: Plan is any of Pro');
  });

  it('counts an occurrence on the lifespan’s last day, none after it or after the scoring day', async () => {
    const logins = definition('logins', 'accounts', {
      behaviour: [{ event: 'login', points: 30, lifespanDays: 30 }],
    });
    const edges = await breakdownOf('s5', logins);
    expect(shares(edges)).toEqual([
      { kind: 'behaviour', rule: 0, points: 1, contribution: 0, occurrences: 1 },
    ]);
    // A day later that login has passed its lifespan and the next day's is today's: 30 of 300.
    expect(await breakdownOf('s5', logins, AS_OF + DAY_MS)).toMatchObject({
      points: 30,
      score: 10,
    });
    // Once every lifespan has passed, nothing is left.
    expect(await breakdownOf('s5', logins, AS_OF + 31 * DAY_MS)).toMatchObject({
      points: 0,
      score: 0,
    });
  });

  it('grades by the first minimum reached, highest first, else the last grade', async () => {
    const grades = [
      { label: 'Warm', min: 25 },
      { label: 'Hot', min: 70 },
      { label: 'Cold', min: 10 },
    ];
    const custom = definition('custom', 'accounts', { ...GOLDEN, grades });
    expect((await breakdownOf('s1', custom)).grade).toBe('Warm');
    expect((await breakdownOf('s2', custom)).grade).toBe('Hot');
    expect((await breakdownOf('s3', custom)).grade).toBe('Cold');
    expect((await breakdownOf('s2')).grade).toBe('B');
  });

  it('writes score, grade and reasons columns on the base table only, as the breakdowns say', async () => {
    const catalogue = await readCatalogue(warehouse, orgId);
    const names = (table: 'accounts' | 'users') =>
      catalogue.columns(table).map((column) => column.name);
    expect(names('accounts').slice(-3)).toEqual(['score_golden', 'grade_golden', 'reasons_golden']);
    expect(names('users').slice(-3)).toEqual(['score_signups', 'grade_signups', 'reasons_signups']);
    expect(names('users')).not.toContain('account_score_golden');
    expect(catalogue.find('accounts', 'grade_golden')).toMatchObject({
      label: 'Golden grade',
      dataType: 'enum',
      options: ['A', 'B', 'C', 'D'],
      groupable: true,
    });
    expect(catalogue.find('accounts', 'score_golden')).toMatchObject({
      label: 'Golden',
      dataType: 'numeric',
      unit: 'score',
    });

    const reader = new SegmentReader(warehouse);
    const page = await reader.page({
      orgId,
      table: 'accounts',
      columns: ['score_golden', 'grade_golden', 'reasons_golden'],
      sortBy: [{ field: 'score_golden', isDescending: true }],
    });
    expect(page.rows).toEqual([
      {
        id: 's2',
        score_golden: 73,
        grade_golden: 'B',
        reasons_golden: "+82 used 'export_created' 20× in 90 days; -9 Seats less than 5",
      },
      {
        id: 's1',
        score_golden: 26,
        grade_golden: 'D',
        reasons_golden: "+18 Plan is any of Pro; +8 used 'export_created' 1× in 90 days",
      },
      {
        id: 's3',
        score_golden: 0,
        grade_golden: 'D',
        reasons_golden: "-23 used 'error_seen' 5× in 30 days; -9 Seats less than 5",
      },
      { id: 's4', score_golden: 0, grade_golden: 'D', reasons_golden: null },
      { id: 's5', score_golden: 0, grade_golden: 'D', reasons_golden: null },
    ]);
    for (const row of page.rows) {
      const breakdown = await breakdownOf(String(row.id));
      expect(breakdown.score).toBe(row.score_golden);
      expect(breakdown.grade).toBe(row.grade_golden);
      const reasons = breakdown.contributions
        .filter((c) => c.contribution !== 0)
        .slice(0, 3)
        .map((c) => c.text)
        .join('; ');
      expect(reasons || null).toBe(row.reasons_golden);
    }

    const filtered = await reader.page({
      orgId,
      table: 'accounts',
      columns: ['name'],
      filters: [
        { field: 'grade_golden', operator: 'includes', value: ['B', 'D'] },
        { field: 'score_golden', operator: 'gte', value: 1 },
        { field: 'reasons_golden', operator: 'contains', value: 'export' },
      ],
      sortBy: [{ field: 'score_golden', isDescending: false }],
    });
    expect(ids(filtered.rows)).toEqual(['s1', 's2']);
    const groups = await reader.groups({ orgId, table: 'accounts', groupBy: ['grade_golden'] });
    expect(groups.groups.map((group) => [group.pivot, group.count])).toEqual(
      expect.arrayContaining([
        ['D', 4],
        ['B', 1],
      ]),
    );

    const users = await reader.page({
      orgId,
      table: 'users',
      columns: ['score_signups', 'reasons_signups'],
      sortBy: [{ field: 'score_signups', isDescending: true }],
      perPage: 1,
    });
    expect(users.rows).toEqual([
      { id: 'v2', score_signups: 100, reasons_signups: "+100 used 'export_created' 20× in 7 days" },
    ]);
  });

  it('refreshes with the definitions in force now, and drops the columns of a deleted score', async () => {
    const heavier = definition('golden', 'accounts', {
      fit: [{ filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }], points: 90 }],
      grades: [
        { label: 'Yes', min: 50 },
        { label: 'No', min: 0 },
      ],
    });
    await writeScoreDefinitions(warehouse, orgId, [heavier]);
    // The load's catalogue stays until a refresh computes the new definitions.
    expect((await readCatalogue(warehouse, orgId)).find('users', 'score_signups')).toBeDefined();
    await refreshMetrics(warehouse, orgId, AS_OF);
    const catalogue = await readCatalogue(warehouse, orgId);
    expect(catalogue.find('users', 'score_signups')).toBeUndefined();
    expect(catalogue.find('accounts', 'grade_golden')?.options).toEqual(['Yes', 'No']);
    const reader = new SegmentReader(warehouse);
    const page = await reader.page({
      orgId,
      table: 'accounts',
      columns: ['score_golden', 'grade_golden'],
      filters: [{ field: 'grade_golden', operator: 'includes', value: ['Yes'] }],
    });
    expect(page.rows).toEqual([{ id: 's1', score_golden: 100, grade_golden: 'Yes' }]);

    await writeScoreDefinitions(warehouse, orgId, []);
    await refreshMetrics(warehouse, orgId, AS_OF);
    const load = await readLoadInfo(warehouse, orgId);
    expect(load?.catalogue.find('accounts', 'score_golden')).toBeUndefined();
    const described = await warehouse.query(orgId, {
      sql: `SELECT * FROM ${warehouse.dialect.table(orgId, 'segment_accounts')} LIMIT 1`,
      params: [],
    });
    expect(Object.keys(described[0]!)).not.toContain('score_golden');
    expect(await warehouse.listTables(orgId, 'segment_accounts__')).toEqual([]);

    // Back as they were, for the tests after this one.
    await writeScoreDefinitions(warehouse, orgId, [
      GOLDEN,
      definition('signups', 'users', {
        behaviour: [{ event: 'export_created', points: 1, lifespanDays: 7 }],
      }),
    ]);
    await refreshMetrics(warehouse, orgId, AS_OF);
  });

  it('previews a definition over today’s data: histogram, every grade, ten examples', async () => {
    const preview = await previewScore(warehouse, orgId, GOLDEN, AS_OF);
    expect(scorePreviewSchema.parse(preview)).toEqual(preview);
    expect(preview.records).toBe(5);
    expect(preview.histogram.map((bin) => `${bin.from}-${bin.to}:${bin.records}`)).toEqual([
      '0-9:3',
      '10-19:0',
      '20-29:1',
      '30-39:0',
      '40-49:0',
      '50-59:0',
      '60-69:0',
      '70-79:1',
      '80-89:0',
      '90-100:0',
    ]);
    expect(preview.grades).toEqual([
      { label: 'A', min: 80, records: 0 },
      { label: 'B', min: 60, records: 1 },
      { label: 'C', min: 40, records: 0 },
      { label: 'D', min: 0, records: 4 },
    ]);
    expect(preview.examples.map((example) => example.recordId)).toEqual([
      's2',
      's1',
      's3',
      's4',
      's5',
    ]);
    expect(preview.examples[1]).toEqual(await breakdownOf('s1'));
  });

  it('names a bad fit filter in a preview, and leaves such a rule out of a breakdown', async () => {
    const bad = definition('bad', 'accounts', {
      fit: [
        { filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }], points: 5 },
        { filters: [{ field: 'no_such_column', operator: 'null', value: null }], points: 5 },
      ],
    });
    const error = await previewScore(warehouse, orgId, bad, AS_OF).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SegmentQueryError);
    expect((error as SegmentQueryError).issues.map((issue) => issue.path)).toEqual([
      'fit[1].filters[0].field',
    ]);
    expect(await breakdownOf('s1', bad)).toMatchObject({ points: 5, score: 50 });
  });

  it('labels users by name, else email, and knows no record that is not there', async () => {
    const signups = definition('signups', 'users', {
      behaviour: [{ event: 'export_created', points: 1, lifespanDays: 7 }],
    });
    expect((await breakdownOf('v1', signups)).label).toBe('Ann');
    expect((await breakdownOf('v2', signups)).label).toBe('bob@capped.io');
    expect(
      await readScoreBreakdowns(warehouse, orgId, 'users', 'nobody', [signups], AS_OF),
    ).toEqual([]);
  });

  it('scores a series as of each day, with NULL score columns in the series view', async () => {
    const days = [AS_OF_DAY - 3 * DAY_MS, AS_OF_DAY];
    await withAsOfSeriesTables(warehouse, orgId, days, ['accounts'], async (tables, catalogue) => {
      for (const options of [{}, { days }]) {
        const query = scoreSeriesQuery(
          warehouse.dialect,
          orgId,
          GOLDEN,
          catalogue,
          tables.accounts,
          'events',
          options,
        );
        const rows = await warehouse.query(orgId, query);
        const byKey = new Map(
          rows.map((row) => [`${(row.as_of_day as string).slice(0, 10)} ${row.id as string}`, row]),
        );
        expect(rows).toHaveLength(10);
        // Today: the load's own scores.
        expect(byKey.get('2024-06-15 s1')).toMatchObject({ score: 26, grade: 'D' });
        expect(byKey.get('2024-06-15 s2')).toMatchObject({ score: 73, grade: 'B' });
        // Three days back s1's export is that day's (9 points: 29 / 110 → 26.4 → 26), and
        // s2's exports had not happened (−10: 0).
        expect(byKey.get('2024-06-12 s1')).toMatchObject({ score: 26 });
        expect(byKey.get('2024-06-12 s2')).toMatchObject({ score: 0, grade: 'D' });
      }
      const filtered = compileSeriesQuery(
        {
          orgId,
          table: 'accounts',
          catalogue,
          sourceTable: tables.accounts,
          filters: [{ field: 'score_golden', operator: 'gte', value: 1 }],
        },
        warehouse.dialect,
      );
      expect(await warehouse.query(orgId, filtered.idsByDayQuery)).toEqual([]);
    });
  });
});
