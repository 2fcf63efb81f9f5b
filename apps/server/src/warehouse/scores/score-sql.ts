import {
  SCORE_DEFAULT_CAP_OCCURRENCES,
  SCORE_REASONS_SHOWN,
  describeFilterList,
  type BaseTable,
  type ScoreGrade,
} from '@revlane/contracts';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { DayReference } from '../compiler/filter-sql.js';
import { resolveFilters } from '../compiler/resolve-filters.js';
import { IssueList } from '../compiler/segment-query-error.js';
import type { ResolvedCondition } from '../compiler/segment-query-input.js';
import { filtersCondition } from '../compiler/sql-clauses.js';
import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { SqlParams } from '../engine/sql-params.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { gradesInForce, type ScoreDefinition } from './score-definition.js';

/*
 * The SQL of a score (ADR 0034), shared by the load's score columns, the editor's preview,
 * a record's breakdown and the back-test's series, so all four compute a score alike:
 *
 * - fit rule i gives its points when the record matches its filters (the segment filter
 *   language, compiled by the segment compiler over a relation `s` of catalogue columns);
 * - behaviour rule j gives, per occurrence of its event `age` whole UTC days before the
 *   scoring day (0 = that day; later events are ignored), points × (lifespan − age) /
 *   lifespan while age < lifespan, the rule's sum held to its cap (a negative rule's cap is
 *   negative: the sum is held above it);
 * - the maximum is the sum of the positive fit points and the positive caps; the score is
 *   100 × points / maximum rounded half up (0 when the maximum is 0), clamped to 0–100;
 * - each rule's contribution is its points in score units, floored, the units the floors
 *   leave to reach the unclamped rounded score going to the largest remainders (ties: the
 *   earlier rule), so a record's contributions add up to its score before clamping;
 * - the grade is the first grade (highest minimum first) whose minimum the score reaches,
 *   else the last; the reasons are the largest non-zero contributions (ties: the earlier
 *   rule) in words, "+32 used 'export_created' 14× in 30 days", "+20 Plan is any of Pro".
 *
 * Every number is a DOUBLE PRECISION computed by the same operations in the same order on
 * both engines; every value from a definition is a bound parameter.
 */

const DAY_MS = 86_400_000;
/** Contributions and scores beyond this (only absurd definitions get there) are held to it. */
const SCORE_UNITS_LIMIT = 1e9;

export const utcDayStart = (millis: number) => Math.floor(millis / DAY_MS) * DAY_MS;

/** The events' column naming the record a base table scores. */
export const EVENT_KEYS: Record<BaseTable, 'account_id' | 'user_id'> = {
  accounts: 'account_id',
  users: 'user_id',
};

export interface FitPlan {
  points: number;
  /** Boolean SQL over `s`: FALSE for a rule whose filters no longer resolve (lenient). */
  condition: string;
  /** The rule's filters in words. */
  description: string;
  columns: CatalogueColumn[];
}

export interface BehaviourPlan {
  event: string;
  points: number;
  lifespanDays: number;
  cap: number;
  /** Which event aggregate (`w<k>`, `n<k>`) the rule reads. */
  aggregate: number;
}

/** One score compiled: its rules, maximum, grades, and its columns' prefix in the layers. */
export interface ScorePlan {
  definition: ScoreDefinition;
  prefix: string;
  fit: FitPlan[];
  behaviour: BehaviourPlan[];
  maximum: number;
  grades: ScoreGrade[];
}

/** An (event, lifespan) pair some behaviour rule reads, aggregated once per record. */
export interface EventAggregate {
  event: string;
  lifespanDays: number;
}

export interface ScorePlans {
  table: BaseTable;
  plans: ScorePlan[];
  aggregates: EventAggregate[];
  /** The catalogue columns the fit rules read. */
  columns: CatalogueColumn[];
  /** The longest lifespan of any behaviour rule (0: none). */
  longestLifespan: number;
}

/** A rule's cap: its own, else SCORE_DEFAULT_CAP_OCCURRENCES occurrences' worth. */
export const capOf = (rule: { points: number; cap?: number | undefined }) =>
  rule.cap ?? SCORE_DEFAULT_CAP_OCCURRENCES * rule.points;

/** Σ max(0, fit points) + Σ max(0, cap): what a record doing everything would get. */
export function maximumOf(definition: Pick<ScoreDefinition, 'fit' | 'behaviour'>): number {
  let maximum = 0;
  for (const rule of definition.fit) maximum += Math.max(0, rule.points);
  for (const rule of definition.behaviour) maximum += Math.max(0, capOf(rule));
  return maximum;
}

/** A checked whole number written into SQL text (lifespans come from checked definitions). */
function wholeNumber(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a whole number: ${value}`);
  return String(value);
}

const double = (p: SqlParams, value: number) => `CAST(${p.add(value)} AS DOUBLE PRECISION)`;
const ZERO = 'CAST(0 AS DOUBLE PRECISION)';

/**
 * Compiles scores of one base table. `catalogue` is the organization's; fit rules read its
 * columns but the scores' own. `strict`: a fit filter that does not resolve throws a
 * SegmentQueryError naming it (`fit[0].filters[1].field`, the editor's preview); else the
 * rule matches nothing (a load must not fail because a mapped column went away).
 */
export function planScores(
  table: BaseTable,
  definitions: readonly ScoreDefinition[],
  catalogue: OrgCatalogue,
  p: SqlParams,
  reference: DayReference,
  strict: boolean,
): ScorePlans {
  const fitCatalogue = catalogue.withoutScores();
  const described = fitCatalogue.segmentColumns(table);
  const aggregates: EventAggregate[] = [];
  const aggregateOf = (event: string, lifespanDays: number) => {
    const found = aggregates.findIndex(
      (aggregate) => aggregate.event === event && aggregate.lifespanDays === lifespanDays,
    );
    if (found >= 0) return found;
    aggregates.push({ event, lifespanDays });
    return aggregates.length - 1;
  };
  const all = new IssueList();
  const columns = new Map<string, CatalogueColumn>();
  const plans = definitions.map((definition, index): ScorePlan => {
    if (definition.baseTable !== table)
      throw new Error(`Score ${definition.slug} scores ${definition.baseTable}, not ${table}`);
    if (definition.fit.length + definition.behaviour.length > RULES_PER_KEY)
      throw new Error(`A score has at most ${RULES_PER_KEY} rules`);
    const fit = definition.fit.map((rule, ruleIndex): FitPlan => {
      const issues = new IssueList();
      const resolved = resolveFilters(
        fitCatalogue,
        table,
        rule.filters,
        issues,
        `fit[${ruleIndex}].filters`,
      );
      all.issues.push(...issues.issues);
      const used = usedColumns(resolved);
      if (issues.issues.length === 0) for (const column of used) columns.set(column.name, column);
      return {
        points: rule.points,
        condition: issues.issues.length === 0 ? filtersCondition(resolved, p, reference) : 'FALSE',
        description: describeFilterList(rule.filters, described),
        columns: used,
      };
    });
    const behaviour = definition.behaviour.map((rule): BehaviourPlan => ({
      event: rule.event,
      points: rule.points,
      lifespanDays: rule.lifespanDays,
      cap: capOf(rule),
      aggregate: aggregateOf(rule.event, rule.lifespanDays),
    }));
    return {
      definition,
      prefix: `s${index}_`,
      fit,
      behaviour,
      maximum: maximumOf(definition),
      grades: gradesInForce(definition.grades),
    };
  });
  if (strict) all.throwIfAny();
  return {
    table,
    plans,
    aggregates,
    columns: [...columns.values()],
    longestLifespan: Math.max(0, ...aggregates.map((aggregate) => aggregate.lifespanDays)),
  };
}

function usedColumns(conditions: readonly ResolvedCondition[]): CatalogueColumn[] {
  return conditions.flatMap((item) =>
    'match' in item ? item.filters.map((filter) => filter.column) : [item.column],
  );
}

/**
 * The events of one scoring day aggregated per record: for each (event, lifespan) pair, the
 * sum of (lifespan − age) over its occurrences within the lifespan (`w<k>`) and their number
 * (`n<k>`). One pass over the events of the rules' names within the longest lifespan,
 * grouped by record. `recordId`: only that record's events (a breakdown).
 */
export function eventAggregatesSelect(
  p: SqlParams,
  plans: ScorePlans,
  events: string,
  asOf: number,
  recordId?: string,
): string | null {
  if (plans.aggregates.length === 0) return null;
  const key = EVENT_KEYS[plans.table];
  const day = utcDayStart(asOf);
  const names = [...new Set(plans.aggregates.map((aggregate) => aggregate.event))];
  const bound = new Map(names.map((name) => [name, p.add(name)]));
  const start = p.add(timestampLiteral(day - (plans.longestLifespan - 1) * DAY_MS));
  const end = p.add(timestampLiteral(day + DAY_MS));
  const dayText = p.add(new Date(day).toISOString().slice(0, 10));
  const sums = plans.aggregates.flatMap((aggregate, index) => {
    const lifespan = wholeNumber(aggregate.lifespanDays);
    const within = `WHERE ev."name" = ${bound.get(aggregate.event)} AND ev.age < ${lifespan}`;
    return [
      `SUM(${lifespan} - ev.age) FILTER (${within}) AS "w${index}"`,
      `COUNT(*) FILTER (${within}) AS "n${index}"`,
    ];
  });
  const only = recordId === undefined ? '' : ` AND ${key} = ${p.add(recordId)}`;
  return `SELECT ev.${key} AS "id", ${sums.join(', ')}
    FROM (
      SELECT ${key}, "name", CAST(${dayText} AS DATE) - CAST(occurred_at AS DATE) AS age
      FROM ${events}
      WHERE "name" IN (${[...bound.values()].join(', ')}) AND ${key} IS NOT NULL${only}
        AND occurred_at >= CAST(${start} AS TIMESTAMP) AND occurred_at < CAST(${end} AS TIMESTAMP)
    ) ev
    GROUP BY ev.${key}`;
}

/** What the scored layers read: `s` (catalogue columns) joined to `e` (event aggregates). */
export interface ScoredSource {
  dialect: Dialect;
  /** `FROM` body: `<relation> s LEFT JOIN (<aggregates>) e ON …` (`e` may be absent). */
  from: string;
  /** Whether `e` is there (some behaviour rule). */
  hasEvents: boolean;
  /** Columns passed through every layer: `[expression, name]` over `s`. */
  carried: readonly (readonly [string, string])[];
  /** A `WHERE` body over `s`, if any. */
  where?: string;
}

export interface ScoredOutputs {
  /** `<prefix>reasons` (the build's column). */
  reasons: boolean;
  /** `<prefix>total`, `<prefix>p<r>`, `<prefix>n<j>`, `<prefix>x<r>` (breakdowns). */
  detail: boolean;
}

/**
 * Keeps each layer a subquery of its own on PostgreSQL, which would otherwise pull the layers
 * up into one, writing every reference to a lower layer's column as that column's whole
 * expression: the expressions grew with each layer, and the JIT compiling them for a score of
 * ten rules never finished. DuckDB runs the layers no faster with it (measured).
 */
const fenceOf = (dialect: Dialect) => (dialect.name === 'postgres' ? ' OFFSET 0' : '');

/**
 * Keys that order a score's rules by a whole number and then by rule, the earlier rule
 * first, and name the rule: number × 64 + (63 − the rule's index). A score has at most
 * 2 × SCORE_RULES_MAX rules.
 */
const RULES_PER_KEY = 64;
const key = (wholeNumber: string, r: number) =>
  `CAST(${wholeNumber} AS BIGINT) * ${RULES_PER_KEY} + ${RULES_PER_KEY - 1 - r}`;
/**
 * Remainders are compared in steps of 2⁻⁴⁰ (far finer than a definition's points can make
 * two remainders differ by): a whole number, so a key holds a remainder and its rule.
 */
const REMAINDER_STEPS = 2 ** 40;
/** Far below any key (2⁶²), still a BIGINT once subtracted from one. */
const PUSHED_BELOW = '4611686018427387904';

const col = (plan: ScorePlan, name: string) => quoteIdentifier(`${plan.prefix}${name}`);

/** The rules of a score in order: fit ones, then behaviour ones (r = F + j). */
const ruleCount = (plan: ScorePlan) => plan.fit.length + plan.behaviour.length;
const ruleIndexes = (plan: ScorePlan) => Array.from({ length: ruleCount(plan) }, (_, r) => r);

/** `A + B + …` left to right, or 0 for none. */
const sum = (terms: readonly string[], zero = ZERO) =>
  terms.length === 0 ? zero : `(${terms.join(' + ')})`;

/**
 * `SELECT <carried names>, <prefix>score, <prefix>grade[, <prefix>reasons][, detail]` for each
 * plan, as layered subqueries: rule points, score units, rounded contributions, then the
 * grade and reasons.
 */
export function scoredSelect(
  p: SqlParams,
  plans: ScorePlans,
  source: ScoredSource,
  outputs: ScoredOutputs,
): string {
  const FENCE = fenceOf(source.dialect);
  const carried = source.carried.map(([, name]) => quoteIdentifier(name));
  const pass = (alias: string) => carried.map((name) => `${alias}.${name}`);

  const grade = (plan: ScorePlan, alias: string) => {
    const score = `${alias}.${col(plan, 'score')}`;
    const last = plan.grades[plan.grades.length - 1]!;
    const whens = plan.grades
      .slice(0, -1)
      .map((g) => `WHEN ${score} >= ${double(p, g.min)} THEN CAST(${p.add(g.label)} AS TEXT)`);
    if (whens.length === 0) return `CAST(${p.add(last.label)} AS TEXT)`;
    // The last grade's minimum is not checked: a score below every minimum gets it too.
    return `CASE ${whens.join(' ')} ELSE CAST(${p.add(last.label)} AS TEXT) END`;
  };
  // Layer 1: each rule's points (after decay and cap), behaviour occurrences.
  const points = plans.plans.flatMap((plan) => [
    ...plan.fit.map(
      (rule, i) =>
        `CASE WHEN ${rule.condition} THEN ${double(p, rule.points)} ELSE ${ZERO} END AS ${col(plan, `p${i}`)}`,
    ),
    ...plan.behaviour.flatMap((rule, j) => {
      const held = rule.points > 0 ? 'LEAST' : 'GREATEST';
      const decayed = `${double(p, rule.points)} * COALESCE(e."w${rule.aggregate}", 0) / ${wholeNumber(rule.lifespanDays)}`;
      return [
        `${held}(${decayed}, ${double(p, rule.cap)}) AS ${col(plan, `p${plan.fit.length + j}`)}`,
        `CAST(COALESCE(e."n${rule.aggregate}", 0) AS BIGINT) AS ${col(plan, `n${j}`)}`,
      ];
    }),
  ]);
  if (!source.hasEvents && plans.plans.some((plan) => plan.behaviour.length > 0))
    throw new Error('Behaviour rules need the event aggregates');
  const layer1 = `SELECT ${[
    ...source.carried.map(([expression, name]) => `${expression} AS ${quoteIdentifier(name)}`),
    ...points,
  ].join(', ')}
  FROM ${source.from}${source.where ? ` WHERE ${source.where}` : ''}`;

  // Layer 2: the total and each rule's points in score units (each computed once), then the
  // unclamped rounded score, each rule's floored units, how many units the floors leave to
  // hand out, and each rule's remainder as a key (below; −1 for a rule that gave nothing).
  const limit = (expression: string) =>
    `GREATEST(${-SCORE_UNITS_LIMIT}, LEAST(${SCORE_UNITS_LIMIT}, ${expression}))`;
  const unitColumns = plans.plans.flatMap((plan) => {
    const rules = ruleIndexes(plan).map((r) => `l1.${col(plan, `p${r}`)}`);
    const total = sum(rules);
    const maximum = plan.maximum > 0 ? double(p, plan.maximum) : null;
    const units = (expression: string) =>
      maximum ? limit(`CAST(100 AS DOUBLE PRECISION) * ${expression} / ${maximum}`) : ZERO;
    return [
      `${total} AS ${col(plan, 'total')}`,
      `${units(total)} AS ${col(plan, 'units')}`,
      ...ruleIndexes(plan).map((r) => `${units(rules[r]!)} AS ${col(plan, `u${r}`)}`),
    ];
  });
  const layer2Columns = plans.plans.flatMap((plan) => {
    const at = (name: string) => `u.${col(plan, name)}`;
    const raw = `CAST(FLOOR(${at('units')} + 0.5) AS BIGINT)`;
    const floors = sum(ruleIndexes(plan).map((r) => `FLOOR(${at(`u${r}`)})`));
    return [
      `${raw} AS ${col(plan, 'raw')}`,
      `CAST(${raw} - ${floors} AS BIGINT) AS ${col(plan, 'left')}`,
      ...ruleIndexes(plan).flatMap((r) => {
        const units = at(`u${r}`);
        const remainder = `${units} - FLOOR(${units})`;
        return [
          `FLOOR(${units}) AS ${col(plan, `f${r}`)}`,
          `CASE WHEN ${at(`p${r}`)} = 0 THEN -1 ELSE ${key(`FLOOR((${remainder}) * ${REMAINDER_STEPS})`, r)} END AS ${col(plan, `q${r}`)}`,
        ];
      }),
    ];
  });
  const withUnits = `SELECT l1.*, ${unitColumns.join(', ')} FROM (${layer1}${FENCE}) l1`;
  const clamped = (alias: string, plan: ScorePlan) =>
    `CAST(GREATEST(0, LEAST(100, FLOOR(${alias}.${col(plan, 'units')} + 0.5))) AS INTEGER)`;
  if (!outputs.reasons && !outputs.detail) {
    // The score and grade alone (counts, series): no contribution is needed.
    const scored = plans.plans.map((plan) => `${clamped('u', plan)} AS ${col(plan, 'score')}`);
    const layer = `SELECT u.*, ${scored.join(', ')} FROM (${withUnits}${FENCE}) u`;
    const final = plans.plans.flatMap((plan) => [
      `g.${col(plan, 'score')}`,
      `${grade(plan, 'g')} AS ${col(plan, 'grade')}`,
    ]);
    return `SELECT ${[...pass('g'), ...final].join(', ')} FROM (${layer}${FENCE}) g`;
  }
  const layer2 = `SELECT u.*, ${layer2Columns.join(', ')} FROM (${withUnits}${FENCE}) u`;

  // Layer 3: the clamped score, and each rule's rounded contribution: its floor, and a unit
  // more for the rules with the largest remainder keys, as many as are left. Mostly one or
  // two units are left: the largest key (t0) and the next (t1, the largest once keys at or
  // above t0 are pushed far below zero) settle those; with more, a rule gets a unit when
  // fewer keys than units left are above its own. Comparisons are summed as integers, not
  // written as CASEs, where both engines evaluate them for every row.
  const largest = (keys: readonly string[]) =>
    keys.length === 1 ? keys[0]! : `GREATEST(${keys.join(', ')})`;
  const thresholds0 = plans.plans.map(
    (plan) =>
      `${largest(ruleIndexes(plan).map((r) => `l2.${col(plan, `q${r}`)}`))} AS ${col(plan, 't0')}`,
  );
  const thresholds1 = plans.plans.map((plan) => {
    const keys = ruleIndexes(plan).map((r) => {
      const own = `m1.${col(plan, `q${r}`)}`;
      return `${own} - CAST(${own} >= m1.${col(plan, 't0')} AS INTEGER) * ${PUSHED_BELOW}`;
    });
    return `${largest(keys)} AS ${col(plan, 't1')}`;
  });
  const layer3Columns = plans.plans.flatMap((plan) => {
    const at = (name: string) => `m2.${col(plan, name)}`;
    return [
      `CAST(GREATEST(0, LEAST(100, ${at('raw')})) AS INTEGER) AS ${col(plan, 'score')}`,
      ...ruleIndexes(plan).map((r) => {
        const own = at(`q${r}`);
        const above = sum(
          ruleIndexes(plan)
            .filter((other) => other !== r)
            .map((other) => `CAST(${at(`q${other}`)} > ${own} AS INTEGER)`),
          '0',
        );
        const bump =
          `CASE WHEN ${at('left')} <= 0 OR ${own} < 0 THEN 0 ` +
          `WHEN ${at('left')} = 1 THEN CAST(${own} >= ${at('t0')} AS INTEGER) ` +
          `WHEN ${at('left')} = 2 THEN CAST(${own} >= ${at('t1')} AS INTEGER) ` +
          `ELSE CAST(${above} < ${at('left')} AS INTEGER) END`;
        return `CAST(${at(`f${r}`)} AS BIGINT) + ${bump} AS ${col(plan, `x${r}`)}`;
      }),
    ];
  });
  const withT0 = `SELECT l2.*, ${thresholds0.join(', ')} FROM (${layer2}${FENCE}) l2`;
  const withT1 = `SELECT m1.*, ${thresholds1.join(', ')} FROM (${withT0}${FENCE}) m1`;
  const layer3 = `SELECT m2.*, ${layer3Columns.join(', ')} FROM (${withT1}${FENCE}) m2`;

  const detail = (plan: ScorePlan, alias: string) =>
    outputs.detail
      ? [
          `${alias}.${col(plan, 'total')}`,
          ...ruleIndexes(plan).map((r) => `${alias}.${col(plan, `p${r}`)}`),
          ...ruleIndexes(plan).map((r) => `${alias}.${col(plan, `x${r}`)}`),
          ...plan.behaviour.map((_, j) => `${alias}.${col(plan, `n${j}`)}`),
        ]
      : [];

  if (!outputs.reasons) {
    const final = plans.plans.flatMap((plan) => [
      `l3.${col(plan, 'score')}`,
      `${grade(plan, 'l3')} AS ${col(plan, 'grade')}`,
      ...detail(plan, 'l3'),
    ]);
    return `SELECT ${[...pass('l3'), ...final].join(', ')} FROM (${layer3}${FENCE}) l3`;
  }

  // Layers 4…: the largest non-zero contributions. Each contribution has a key, its size
  // with its rule (the earlier rule first on a tie), −1 when it is 0; place 0 holds the
  // largest key, place k the largest below place k − 1's (keys at or above it are pushed
  // far below zero first), one layer each: plain arithmetic again, no CASE.
  const places = (plan: ScorePlan) => Math.min(SCORE_REASONS_SHOWN, ruleCount(plan));
  const deepest = Math.max(0, ...plans.plans.map(places));
  const keyColumns = plans.plans.flatMap((plan) =>
    ruleIndexes(plan).map((r) => {
      const x = `l3.${col(plan, `x${r}`)}`;
      const c = RULES_PER_KEY - 1 - r;
      return `ABS(${x}) * ${RULES_PER_KEY} + ${c} - CAST(${x} = 0 AS INTEGER) * ${c + 1} AS ${col(plan, `s${r}`)}`;
    }),
  );
  let layer = `SELECT l3.*, ${keyColumns.join(', ')} FROM (${layer3}${FENCE}) l3`;
  for (let k = 0; k < deepest; k += 1) {
    const from = `l${4 + k}`;
    const columns = plans.plans.flatMap((plan) => {
      if (k >= places(plan)) return [];
      const keys = ruleIndexes(plan).map((r) => {
        const own = `${from}.${col(plan, `s${r}`)}`;
        if (k === 0) return own;
        return `${own} - CAST(${own} >= ${from}.${col(plan, `k${k - 1}`)} AS INTEGER) * ${PUSHED_BELOW}`;
      });
      return [
        `${keys.length === 1 ? keys[0] : `GREATEST(${keys.join(', ')})`} AS ${col(plan, `k${k}`)}`,
      ];
    });
    layer = `SELECT ${from}.*, ${columns.join(', ')} FROM (${layer}${FENCE}) ${from}`;
  }
  const last = `l${4 + deepest}`;
  const placeKey = (plan: ScorePlan, k: number) => `${last}.${col(plan, `k${k}`)}`;
  const words = (plan: ScorePlan, r: number) => {
    const contribution = `${last}.${col(plan, `x${r}`)}`;
    const signed = `CASE WHEN ${contribution} > 0 THEN '+' ELSE '' END || CAST(${contribution} AS TEXT)`;
    if (r < plan.fit.length)
      return `${signed} || CAST(${p.add(fitWords(plan.fit[r]!.description))} AS TEXT)`;
    const rule = plan.behaviour[r - plan.fit.length]!;
    const [middle, tail] = behaviourWords(rule.event, rule.lifespanDays);
    const occurrences = `${last}.${col(plan, `n${r - plan.fit.length}`)}`;
    return `${signed} || CAST(${p.add(middle)} AS TEXT) || CAST(${occurrences} AS TEXT) || CAST(${p.add(tail)} AS TEXT)`;
  };
  const final = plans.plans.flatMap((plan) => {
    const texts = Array.from({ length: places(plan) }, (_, k) => {
      const placed = placeKey(plan, k);
      const rule = `${RULES_PER_KEY - 1} - (${placed} % ${RULES_PER_KEY})`;
      const whens = ruleIndexes(plan).map((r) => `WHEN ${r} THEN ${words(plan, r)}`);
      return `CASE WHEN ${placed} >= 0 THEN CASE ${rule} ${whens.join(' ')} END END`;
    });
    const reasons =
      texts.length === 0
        ? 'CAST(NULL AS TEXT)'
        : `NULLIF(concat_ws('; ', ${texts.join(', ')}), '')`;
    return [
      `${last}.${col(plan, 'score')}`,
      `${grade(plan, last)} AS ${col(plan, 'grade')}`,
      `${reasons} AS ${col(plan, 'reasons')}`,
      ...detail(plan, last),
    ];
  });
  return `SELECT ${[...pass(last), ...final].join(', ')} FROM (${layer}${FENCE}) ${last}`;
}

/** A contribution in words' sign: "+32", "-10", "0". */
export const signedUnits = (units: number) => `${units > 0 ? '+' : ''}${units}`;

/** What follows a fit rule's units: " Plan is any of Pro". */
export const fitWords = (description: string) => ` ${description}`;

/** What surrounds a behaviour rule's occurrences: " used 'x' ", "× in 30 days". */
export function behaviourWords(event: string, lifespanDays: number): [string, string] {
  return [` used '${event}' `, `× in ${lifespanDays === 1 ? '1 day' : `${lifespanDays} days`}`];
}
