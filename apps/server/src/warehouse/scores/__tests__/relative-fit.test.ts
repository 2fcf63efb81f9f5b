import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, newOrgId } from '../../__tests__/engines.js';
import { withAsOfSeriesTables } from '../../as-of/with-as-of-series-tables.js';
import type { Warehouse } from '../../engine/warehouse.js';
import { loadCanonicalData } from '../../loading/load-canonical-data.js';
import { refreshMetrics } from '../../loading/rebuild-metrics.js';
import { SegmentReader } from '../../reading/segment-reader.js';
import { readScoreBreakdowns } from '../score-breakdown.js';
import { writeScoreDefinitions } from '../score-definitions-store.js';
import { scoreSeriesQuery } from '../score-series.js';
import { AS_OF, DAY_MS, definition, scoreBatches } from './score-data.js';

const AS_OF_DAY = Math.floor(AS_OF / DAY_MS) * DAY_MS;

/**
 * A fit-only score over relative dates (docs/product.md §5.1): +10 when the account was
 * created in the last 7 days, +5 when more than 30 days ago. Its maximum is 15: the first
 * rule alone scores 67, the second alone 33. score-data.ts's accounts were created on
 * 2024-06-01 (s1), 2024-06-10 (s2), 2023-01-01 (s3), never (s4) and 2024-05-01 (s5).
 */
const RECENT = definition(
  'recent',
  'accounts',
  {
    fit: [
      { filters: [{ field: 'created_at', operator: 'last_n_days', value: 7 }], points: 10 },
      { filters: [{ field: 'created_at', operator: 'older_than_n_days', value: 30 }], points: 5 },
    ],
  },
  'Recent',
);

const IDS = ['s1', 's2', 's3', 's4', 's5'];

describe.each(TEST_ENGINES)('a relative-date fit rule on $name (ADR 0034, §5.1)', (engine) => {
  let warehouse: Warehouse;
  let cleanup: () => Promise<void>;
  const orgId = newOrgId();

  /** Each account's score as of `now`, computed by its breakdown. */
  const scoresAsOf = async (now: number) => {
    const result: Record<string, number> = {};
    for (const id of IDS) {
      const [breakdown] = await readScoreBreakdowns(
        warehouse,
        orgId,
        'accounts',
        id,
        [RECENT],
        now,
      );
      result[id] = breakdown!.score;
    }
    return result;
  };
  /** Each account's score and grade as the segment table holds them. */
  const columns = async () => {
    const page = await new SegmentReader(warehouse).page({
      orgId,
      table: 'accounts',
      columns: ['score_recent', 'grade_recent'],
      sortBy: [{ field: 'id', isDescending: false }],
    });
    return Object.fromEntries(
      page.rows.map((row): [string, unknown] => [row.id as string, row.score_recent]),
    );
  };

  beforeAll(async () => {
    ({ warehouse, cleanup } = engine.open());
    await writeScoreDefinitions(warehouse, orgId, [RECENT]);
    await loadCanonicalData(warehouse, orgId, scoreBatches(), { asOf: AS_OF });
  });
  afterAll(async () => {
    await warehouse.dropOrganization(orgId);
    await cleanup();
  });

  it('gives the points to the records matching as of the scoring day, edges included', async () => {
    // 2024-06-15: s2 in the last 7 days; s3 and s5 more than 30 days ago; s1 neither.
    expect(await scoresAsOf(AS_OF)).toEqual({ s1: 0, s2: 67, s3: 33, s4: 0, s5: 33 });
    const [s2] = await readScoreBreakdowns(warehouse, orgId, 'accounts', 's2', [RECENT], AS_OF);
    expect(s2).toMatchObject({ points: 10, maximum: 15, grade: 'B' });
    expect(s2!.contributions.map((c) => [c.rule, c.contribution])).toEqual([
      [0, 67],
      [1, 0],
    ]);
    // 2024-06-17: the last 7 days start on 2024-06-10, s2's day; on 2024-06-18 they do not.
    expect(await scoresAsOf(AS_OF + 2 * DAY_MS)).toMatchObject({ s2: 67 });
    expect(await scoresAsOf(AS_OF + 3 * DAY_MS)).toEqual({ s1: 0, s2: 0, s3: 33, s4: 0, s5: 33 });
    // 2024-07-01: s1 (2024-06-01) is exactly 30 days back, not more; on 2024-07-02 it is.
    expect(await scoresAsOf(AS_OF + 16 * DAY_MS)).toMatchObject({ s1: 0 });
    expect(await scoresAsOf(AS_OF + 17 * DAY_MS)).toMatchObject({ s1: 33, s2: 0 });
  });

  it('writes the load’s columns as of the load’s day', async () => {
    expect(await columns()).toEqual({ s1: 0, s2: 67, s3: 33, s4: 0, s5: 33 });
    const filtered = await new SegmentReader(warehouse).page({
      orgId,
      table: 'accounts',
      columns: ['score_recent'],
      filters: [{ field: 'grade_recent', operator: 'includes', value: ['B'] }],
    });
    expect(filtered.rows.map((row) => row.id)).toEqual(['s2']);
  });

  it('scores a series as of each row’s day', async () => {
    const days = [AS_OF_DAY - 7 * DAY_MS, AS_OF_DAY];
    await withAsOfSeriesTables(warehouse, orgId, days, ['accounts'], async (tables, catalogue) => {
      const query = scoreSeriesQuery(
        warehouse.dialect,
        orgId,
        RECENT,
        catalogue,
        tables.accounts,
        'events',
        { days },
      );
      const rows = await warehouse.query(orgId, query);
      const scoreOn = (day: string, id: string) => {
        const row = rows.find((r) => r.id === id && (r.as_of_day as string).slice(0, 10) === day);
        return row === undefined ? undefined : Number(row.score);
      };
      // 2024-06-08: s1 (2024-06-01) is in its last 7 days; s2 was created after it.
      expect(scoreOn('2024-06-08', 's1')).toBe(67);
      expect(scoreOn('2024-06-08', 's2') ?? 0).toBe(0);
      expect(scoreOn('2024-06-08', 's5')).toBe(33);
      // 2024-06-15: the load's own day, as the columns say.
      expect(scoreOn('2024-06-15', 's1')).toBe(0);
      expect(scoreOn('2024-06-15', 's2')).toBe(67);
      expect(scoreOn('2024-06-15', 's3')).toBe(33);
    });
  });

  it('a later refresh scores as of its own day', async () => {
    await refreshMetrics(warehouse, orgId, AS_OF + 3 * DAY_MS);
    expect(await columns()).toEqual({ s1: 0, s2: 0, s3: 33, s4: 0, s5: 33 });
    await refreshMetrics(warehouse, orgId, AS_OF + 17 * DAY_MS);
    expect(await columns()).toEqual({ s1: 33, s2: 0, s3: 33, s4: 0, s5: 33 });
  });
});
