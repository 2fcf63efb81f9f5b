import type { BaseTable, ScoreGrade, ScorePreview } from '@revlane/contracts';
import { quoteIdentifier } from '../engine/identifiers.js';
import { SqlParams } from '../engine/sql-params.js';
import type { Warehouse } from '../engine/warehouse.js';
import { readCatalogue } from '../loading/load-info.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';
import { breakdownOf, todaySource } from './score-breakdown.js';
import { gradesInForce, type ScoreDefinition } from './score-definition.js';
import { planScores, scoredSelect, utcDayStart, type ScorePlans } from './score-sql.js';

/** How many records the editor shows with their breakdown. */
export const PREVIEW_EXAMPLES = 10;

/** What a preview scores: a definition, saved or not (an unsaved one has no id or slug yet). */
export type PreviewDefinition = Pick<ScoreDefinition, 'baseTable' | 'fit' | 'behaviour'> &
  Partial<Pick<ScoreDefinition, 'id' | 'slug' | 'name'>> & {
    grades?: readonly ScoreGrade[] | null;
  };

/** Ten bins of scores: 0–9, 10–19, … 90–100. */
const BINS = Array.from({ length: 10 }, (_, bin) => ({
  from: bin * 10,
  to: bin === 9 ? 100 : bin * 10 + 9,
}));

/**
 * Ranks (1 = highest score, ties by id) of the examples: the highest, the lowest and evenly
 * spaced between, or every record when there are few.
 */
function exampleRanks(records: number): number[] {
  if (records <= PREVIEW_EXAMPLES) return Array.from({ length: records }, (_, index) => index + 1);
  return Array.from(
    { length: PREVIEW_EXAMPLES },
    (_, index) => Math.round((index * (records - 1)) / (PREVIEW_EXAMPLES - 1)) + 1,
  );
}

/**
 * A definition scored over today's segment table and events, writing nothing (ADR 0034):
 * how many records, the histogram, the records per grade (every grade, highest first) and
 * ten examples with their breakdown, highest score first. Fit filters are checked against
 * the organization's catalogue: a bad one throws a SegmentQueryError naming it
 * (`fit[0].filters[1].field`). Before the first load every count is 0.
 */
export async function previewScore(
  warehouse: Warehouse,
  orgId: string,
  definition: PreviewDefinition,
  now: number = Date.now(),
): Promise<ScorePreview> {
  const score: ScoreDefinition = {
    id: definition.id ?? 'preview',
    slug: definition.slug ?? 'preview',
    name: definition.name ?? '',
    baseTable: definition.baseTable,
    fit: definition.fit,
    behaviour: definition.behaviour,
    grades: gradesInForce(definition.grades),
  };
  const table: BaseTable = score.baseTable;
  const catalogue = await readCatalogue(warehouse, orgId);
  const plan = (p: SqlParams): ScorePlans =>
    planScores(table, [score], catalogue, p, { day: utcDayStart(now) }, true);
  // Checked first: a bad filter is the answer even before the first load.
  plan(new SqlParams());
  const perScore = new Map<number, number>();
  const perGrade = new Map<string, number>();
  let records = 0;
  let examples: ScorePreview['examples'] = [];
  if (await warehouse.hasTable(orgId, SEGMENT_TABLE_NAMES[table])) {
    const countParams = new SqlParams();
    const counted = plan(countParams);
    const scored = scoredSelect(
      countParams,
      counted,
      todaySource(warehouse.dialect, orgId, counted, countParams, now),
      { reasons: false, detail: false },
    );
    const rows = await warehouse.query(orgId, {
      sql: `SELECT l."s0_score" AS "score", l."s0_grade" AS "grade", COUNT(*) AS "records"
        FROM (${scored}) l GROUP BY l."s0_score", l."s0_grade"`,
      params: countParams.list(),
    });
    for (const row of rows) {
      const count = Number(row.records);
      records += count;
      const score = Number(row.score);
      const grade = row.grade as string;
      perScore.set(score, (perScore.get(score) ?? 0) + count);
      perGrade.set(grade, (perGrade.get(grade) ?? 0) + count);
    }
    examples = await readExamples(warehouse, orgId, plan, now, records);
  }
  const inBin = (from: number, to: number) =>
    [...perScore].reduce(
      (total, [value, count]) => (value >= from && value <= to ? total + count : total),
      0,
    );
  return {
    records,
    histogram: BINS.map(({ from, to }) => ({ from, to, records: inBin(from, to) })),
    grades: score.grades.map((grade) => ({
      label: grade.label,
      min: grade.min,
      records: perGrade.get(grade.label) ?? 0,
    })),
    examples,
  };
}

async function readExamples(
  warehouse: Warehouse,
  orgId: string,
  plan: (p: SqlParams) => ScorePlans,
  now: number,
  records: number,
): Promise<ScorePreview['examples']> {
  const ranks = exampleRanks(records);
  if (ranks.length === 0) return [];
  const p = new SqlParams();
  const plans = plan(p);
  const scored = scoredSelect(p, plans, todaySource(warehouse.dialect, orgId, plans, p, now), {
    reasons: false,
    detail: true,
  });
  const score = `l.${quoteIdentifier(`${plans.plans[0]!.prefix}score`)}`;
  const order = `${score} DESC, ${warehouse.dialect.binaryCollation('l."id"')} ASC`;
  const rows = await warehouse.query(orgId, {
    sql: `SELECT * FROM (
        SELECT l.*, ROW_NUMBER() OVER (ORDER BY ${order}) AS "example_rank" FROM (${scored}) l
      ) r WHERE r."example_rank" IN (${ranks.map((rank) => p.add(rank)).join(', ')})
      ORDER BY r."example_rank"`,
    params: p.list(),
  });
  return rows.map((row) => breakdownOf(plans.plans[0]!, row));
}
