import type { BaseTable, ScoreBreakdown, ScoreContribution } from '@revlane/contracts';
import type { Dialect } from '../engine/dialect.js';
import { SqlParams } from '../engine/sql-params.js';
import type { Warehouse, WarehouseRow } from '../engine/warehouse.js';
import { readCatalogue } from '../loading/load-info.js';
import { EVENTS_TABLE } from '../model/canonical-tables.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';
import type { ScoreDefinition } from './score-definition.js';
import {
  behaviourWords,
  eventAggregatesSelect,
  fitWords,
  planScores,
  scoredSelect,
  signedUnits,
  type ScorePlan,
  type ScorePlans,
  type ScoredSource,
  utcDayStart,
} from './score-sql.js';

/** A record's name as its page shows it: an account's name, a user's name or else email. */
const LABELS: Record<BaseTable, string> = {
  accounts: 's."name"',
  users: `COALESCE(NULLIF(s."name", ''), s."email")`,
};

/**
 * Today's data as the scored layers read it: the swapped-in segment table (every catalogue
 * column under its name) and the events as of `now`; `recordId`, one record only.
 */
export function todaySource(
  dialect: Dialect,
  orgId: string,
  plans: ScorePlans,
  p: SqlParams,
  now: number,
  recordId?: string,
): ScoredSource {
  const rows = `${dialect.table(orgId, SEGMENT_TABLE_NAMES[plans.table])} s`;
  const events = eventAggregatesSelect(
    p,
    plans,
    dialect.table(orgId, EVENTS_TABLE.name),
    now,
    recordId,
  );
  return {
    dialect,
    from: events ? `${rows} LEFT JOIN (${events}) e ON e."id" = s."id"` : rows,
    hasEvents: events !== null,
    carried: [
      ['s."id"', 'id'],
      [LABELS[plans.table], 'label'],
    ],
    ...(recordId === undefined ? {} : { where: `s."id" = ${p.add(recordId)}` }),
  };
}

/** `+ 0`: a rule that gave nothing reads 0, never -0. */
const numberOf = (value: unknown) => Number(value ?? 0) + 0;

/**
 * A scored row (with `detail`) as a breakdown: every rule's points and contribution, in
 * words as the reasons column writes them, largest contribution first (ties: fit rules,
 * then behaviour ones, in order).
 */
export function breakdownOf(plan: ScorePlan, row: WarehouseRow): ScoreBreakdown {
  const at = (name: string) => row[`${plan.prefix}${name}`];
  // A rule that gave nothing is said so: "0 Plan is any of Pro" would read as a match.
  const worded = (points: number, contribution: number, words: string) =>
    points === 0 ? `No points:${words}` : `${signedUnits(contribution)}${words}`;
  const contributions: ScoreContribution[] = [
    ...plan.fit.map((rule, index): ScoreContribution => {
      const contribution = numberOf(at(`x${index}`));
      const points = numberOf(at(`p${index}`));
      return {
        kind: 'fit',
        rule: index,
        points,
        contribution,
        occurrences: null,
        text: worded(points, contribution, fitWords(rule.description)),
      };
    }),
    ...plan.behaviour.map((rule, index): ScoreContribution => {
      const r = plan.fit.length + index;
      const contribution = numberOf(at(`x${r}`));
      const occurrences = numberOf(at(`n${index}`));
      const [middle, tail] = behaviourWords(rule.event, rule.lifespanDays);
      const points = numberOf(at(`p${r}`));
      return {
        kind: 'behaviour',
        rule: index,
        points,
        contribution,
        occurrences,
        text: worded(points, contribution, `${middle}${occurrences}${tail}`),
      };
    }),
  ];
  // A stable sort: equal sizes keep the rules' order, as the reasons column does.
  contributions.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  return {
    recordId: row.id as string,
    label: (row.label as string | null | undefined) ?? null,
    score: numberOf(at('score')),
    grade: at('grade') as string,
    points: numberOf(at('total')),
    maximum: plan.maximum,
    contributions,
  };
}

/**
 * One record's breakdown of each given score of its table (ADR 0034), in the given order,
 * computed as of `now` over today's segment table and events: the scores in the record's
 * `score_<slug>` columns when `now` is the load's moment (readLoadInfo's asOf) and the
 * definitions are the ones it computed. Empty when the record does not exist (or before the
 * first load).
 */
export async function readScoreBreakdowns(
  warehouse: Warehouse,
  orgId: string,
  table: BaseTable,
  recordId: string,
  definitions: readonly ScoreDefinition[],
  now: number = Date.now(),
): Promise<ScoreBreakdown[]> {
  if (definitions.length === 0) return [];
  if (!(await warehouse.hasTable(orgId, SEGMENT_TABLE_NAMES[table]))) return [];
  const catalogue = await readCatalogue(warehouse, orgId);
  const p = new SqlParams();
  const plans = planScores(table, definitions, catalogue, p, { day: utcDayStart(now) }, false);
  const source = todaySource(warehouse.dialect, orgId, plans, p, now, recordId);
  const sql = scoredSelect(p, plans, source, { reasons: false, detail: true });
  const [row] = await warehouse.query(orgId, { sql, params: p.list() });
  return row ? plans.plans.map((plan) => breakdownOf(plan, row)) : [];
}
