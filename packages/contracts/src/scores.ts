import { z } from 'zod';
import { changedBySchema, cohortFiltersSchema } from './cohorts.js';
import { baseTableSchema } from './segment-data.js';

/**
 * Scores (docs/product.md §2, ADR 0034): explainable fit + behaviour points per account or
 * user, written by every load into three columns of the base table's segment table, and a
 * back-test of how well they predicted conversions.
 */

export const SCORE_NAME_MAX = 100;
export const SCORE_RULES_MAX = 20;
export const SCORE_GRADES_MAX = 10;
/** The longest lifespan a behaviour rule may have: two years of events. */
export const SCORE_LIFESPAN_MAX_DAYS = 730;
/** The largest number of points one rule may give or take. */
export const SCORE_POINTS_MAX = 1000;
/** How many contributions a `reasons_<slug>` column lists, largest first. */
export const SCORE_REASONS_SHOWN = 3;
/** A cap defaults to this many occurrences' worth of points. */
export const SCORE_DEFAULT_CAP_OCCURRENCES = 10;

/** Grades when a score names none: A ≥ 80, B ≥ 60, C ≥ 40, D below. */
export const DEFAULT_SCORE_GRADES = [
  { label: 'A', min: 80 },
  { label: 'B', min: 60 },
  { label: 'C', min: 40 },
  { label: 'D', min: 0 },
] as const;

const pointsSchema = z
  .number()
  .finite()
  .min(-SCORE_POINTS_MAX, `At least -${SCORE_POINTS_MAX} points`)
  .max(SCORE_POINTS_MAX, `At most ${SCORE_POINTS_MAX} points`)
  .refine((points) => points !== 0, 'A rule gives or takes points: not 0');

/** A fit rule: the segment filter language; its points count when a record matches. */
export const scoreFitRuleSchema = z.strictObject({
  filters: cohortFiltersSchema.min(1, 'A fit rule needs at least one filter'),
  points: pointsSchema,
});
export type ScoreFitRule = z.infer<typeof scoreFitRuleSchema>;

/**
 * A behaviour rule: `points` per occurrence of `event`, decaying linearly to zero over
 * `lifespanDays` (whole UTC days between the event's day and the scoring day), the rule's sum
 * held to `cap` (default 10 × points; a negative rule's cap is negative too).
 */
export const scoreBehaviourRuleSchema = z
  .strictObject({
    event: z.string().trim().min(1, 'Name an event').max(200),
    points: pointsSchema,
    lifespanDays: z
      .number()
      .int('Whole days')
      .min(1, 'At least 1 day')
      .max(SCORE_LIFESPAN_MAX_DAYS, `At most ${SCORE_LIFESPAN_MAX_DAYS} days`),
    cap: z.number().finite().optional(),
  })
  .refine((rule) => rule.cap === undefined || (rule.cap !== 0 && rule.cap * rule.points > 0), {
    message: 'A cap has the sign of its points and is not 0',
    path: ['cap'],
  });
export type ScoreBehaviourRule = z.infer<typeof scoreBehaviourRuleSchema>;

export const scoreGradeSchema = z.strictObject({
  label: z.string().trim().min(1, 'A grade needs a label').max(20),
  min: z.number().finite().min(0).max(100),
});
export type ScoreGrade = z.infer<typeof scoreGradeSchema>;

const gradesSchema = z
  .array(scoreGradeSchema)
  .min(1)
  .max(SCORE_GRADES_MAX)
  .refine(
    (grades) => new Set(grades.map((grade) => grade.label)).size === grades.length,
    'Each grade has its own label',
  )
  .refine(
    (grades) => new Set(grades.map((grade) => grade.min)).size === grades.length,
    'Each grade has its own minimum',
  );

const scoreNameSchema = z
  .string()
  .trim()
  .min(1, 'A score needs a name')
  .max(SCORE_NAME_MAX, `At most ${SCORE_NAME_MAX} characters`);

const rules = {
  fit: z.array(scoreFitRuleSchema).max(SCORE_RULES_MAX),
  behaviour: z.array(scoreBehaviourRuleSchema).max(SCORE_RULES_MAX),
};

/** What defines a score's values: everything but its name. */
export const scoreDefinitionSchema = z.strictObject({
  baseTable: baseTableSchema,
  fit: rules.fit.default([]),
  behaviour: rules.behaviour.default([]),
  grades: gradesSchema.optional(),
});
export type ScoreDefinitionInput = z.input<typeof scoreDefinitionSchema>;

const hasARule = (body: { fit?: unknown[]; behaviour?: unknown[] }) =>
  (body.fit?.length ?? 0) + (body.behaviour?.length ?? 0) > 0;
const NEEDS_A_RULE = { message: 'A score needs at least one fit or behaviour rule', path: ['fit'] };

/** `POST scores` → 201 Score. Names are unique within an organization (409). */
export const createScoreBodySchema = scoreDefinitionSchema
  .extend({ name: scoreNameSchema })
  .refine(hasARule, NEEDS_A_RULE);
export type CreateScoreBody = z.infer<typeof createScoreBodySchema>;

/**
 * `PATCH scores/{id}`: a new name, rules or grades (a new version, like cohorts). The base
 * table and the column names (the slug) never change: cohorts and activations use them.
 */
export const updateScoreBodySchema = z
  .strictObject({
    name: scoreNameSchema.optional(),
    fit: rules.fit.optional(),
    behaviour: rules.behaviour.optional(),
    grades: gradesSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateScoreBody = z.infer<typeof updateScoreBodySchema>;

/** `POST scores/preview`: an unsaved definition, scored over today's segment table. */
export const scorePreviewBodySchema = scoreDefinitionSchema.refine(hasARule, NEEDS_A_RULE);
export type ScorePreviewBody = z.infer<typeof scorePreviewBodySchema>;

/** The three columns a score adds to its base table's catalogue. */
export const scoreColumnsSchema = z.object({
  score: z.string(),
  grade: z.string(),
  reasons: z.string(),
});
export type ScoreColumns = z.infer<typeof scoreColumnsSchema>;

/** The column names of a score's slug: `score_<slug>`, `grade_<slug>`, `reasons_<slug>`. */
export function scoreColumnsOf(slug: string): ScoreColumns {
  return { score: `score_${slug}`, grade: `grade_${slug}`, reasons: `reasons_${slug}` };
}

/** The longest slug: the column names stay well inside PostgreSQL's 63 bytes. */
export const SCORE_SLUG_MAX = 40;

/** A name's slug: lower-case letters, digits and `_` ("Product-qualified" → `product_qualified`). */
export function scoreSlugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, SCORE_SLUG_MAX)
    .replace(/_+$/g, '');
  return slug === '' ? 'score' : /^[0-9]/.test(slug) ? `s_${slug}`.slice(0, SCORE_SLUG_MAX) : slug;
}

/** A score as the API answers it; `grades` are the ones in force (the defaults when unnamed). */
export const scoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  baseTable: baseTableSchema,
  fit: z.array(scoreFitRuleSchema),
  behaviour: z.array(scoreBehaviourRuleSchema),
  grades: z.array(scoreGradeSchema),
  /** Whether the grades are the defaults (the score named none). */
  defaultGrades: z.boolean(),
  columns: scoreColumnsSchema,
  version: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Score = z.infer<typeof scoreSchema>;

/** `GET scores`: by name. */
export const scoreListSchema = z.array(scoreSchema);

/** One version of a score's definition: written on create and every change. */
export const scoreVersionSchema = z.object({
  version: z.number().int().min(1),
  changedAt: z.string(),
  changedBy: changedBySchema,
  name: z.string(),
  fit: z.array(scoreFitRuleSchema),
  behaviour: z.array(scoreBehaviourRuleSchema),
  grades: z.array(scoreGradeSchema).nullable(),
});
export type ScoreVersion = z.infer<typeof scoreVersionSchema>;
/** `GET scores/{id}/versions`: newest first. */
export const scoreVersionListSchema = z.array(scoreVersionSchema);

/**
 * One rule's share of a record's score. `points` are the rule's own (after decay and cap),
 * `contribution` the same in score units (×100 / maximum), rounded so that a record's
 * contributions add up to its unclamped score. `text` reads like "+32 used 'export_created'
 * 14× in 30 days" or "+20 Plan is any of Pro".
 */
export const scoreContributionSchema = z.object({
  kind: z.enum(['fit', 'behaviour']),
  /** The rule's index in its list (`fit[i]` or `behaviour[i]`). */
  rule: z.number().int().min(0),
  points: z.number(),
  contribution: z.number().int(),
  /** Behaviour: occurrences within the lifespan; fit: null. */
  occurrences: z.number().int().min(0).nullable(),
  text: z.string(),
});
export type ScoreContribution = z.infer<typeof scoreContributionSchema>;

/** A record's score with every rule's contribution, largest (by size) first. */
export const scoreBreakdownSchema = z.object({
  recordId: z.string(),
  /** The record's name (an account's name, a user's name or email). */
  label: z.string().nullable(),
  score: z.number().int().min(0).max(100),
  grade: z.string(),
  /** The points before scaling, and the maximum they are scaled by. */
  points: z.number(),
  maximum: z.number(),
  contributions: z.array(scoreContributionSchema),
});
export type ScoreBreakdown = z.infer<typeof scoreBreakdownSchema>;

/** `POST scores/preview` → the distribution and ten examples, at today's data. */
export const scorePreviewSchema = z.object({
  records: z.number().int().min(0),
  /** Ten bins: 0–9, 10–19, … 90–100. */
  histogram: z.array(
    z.object({ from: z.number().int(), to: z.number().int(), records: z.number().int() }),
  ),
  grades: z.array(z.object({ label: z.string(), min: z.number(), records: z.number().int() })),
  examples: z.array(scoreBreakdownSchema),
});
export type ScorePreview = z.infer<typeof scorePreviewSchema>;

/** `GET scores/records/{table}/{recordId}`: each score of the table for one record. */
export const recordScoresSchema = z.array(
  z.object({ scoreId: z.string(), name: z.string(), breakdown: scoreBreakdownSchema }),
);
export type RecordScores = z.infer<typeof recordScoresSchema>;

export const BACKTEST_HORIZON_MAX_DAYS = 180;
export const BACKTEST_DAYS_MAX = 180;

/**
 * What counts as converting: matching filters (over the base table's columns, each day's
 * values), entering a cohort (its filters, evaluated the same way), or doing an event
 * (**beyond spec**).
 */
export const backtestOutcomeSchema = z.union([
  z.strictObject({ filters: cohortFiltersSchema.min(1, 'An outcome needs at least one filter') }),
  z.strictObject({ cohortId: z.string().min(1) }),
  z.strictObject({ event: z.string().trim().min(1).max(200) }),
]);
export type BacktestOutcome = z.infer<typeof backtestOutcomeSchema>;

/**
 * `POST scores/{id}/backtest`: for every past day of the last `days` whose horizon has passed,
 * each record's score as of that day against whether it converted within `horizonDays` after
 * it (records already converted that day are left out of that day).
 */
export const backtestBodySchema = z.strictObject({
  outcome: backtestOutcomeSchema,
  horizonDays: z.number().int().min(1).max(BACKTEST_HORIZON_MAX_DAYS).default(30),
  days: z.number().int().min(1).max(BACKTEST_DAYS_MAX).default(BACKTEST_DAYS_MAX),
});
export type BacktestBody = z.infer<typeof backtestBodySchema>;

const rateRow = {
  records: z.number().int().min(0),
  converted: z.number().int().min(0),
  /** converted / records, null when there are no records. */
  rate: z.number().nullable(),
};

export const backtestResultSchema = z.object({
  /** Area under the ROC curve (ties count half); null when nobody or everybody converted. */
  auc: z.number().nullable(),
  /** Record-days compared, how many converted, and the rate over all of them. */
  records: z.number().int().min(0),
  distinctRecords: z.number().int().min(0),
  converted: z.number().int().min(0),
  rate: z.number().nullable(),
  /** The top decile's rate over the average rate. */
  lift: z.number().nullable(),
  /** Decile 1 holds the highest scores. */
  deciles: z.array(
    z.object({
      decile: z.number().int().min(1).max(10),
      minScore: z.number().int().nullable(),
      maxScore: z.number().int().nullable(),
      ...rateRow,
    }),
  ),
  grades: z.array(z.object({ label: z.string(), ...rateRow })),
  /** The scored days (UTC, YYYY-MM-DD) and the horizon used. */
  fromDay: z.string().nullable(),
  toDay: z.string().nullable(),
  dayCount: z.number().int().min(0),
  horizonDays: z.number().int(),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

/** API paths of scores, relative to the live-ops base URL. */
export const SCORES_API = {
  list: 'scores',
  score: (id: string) => `scores/${id}`,
  versions: (id: string) => `scores/${id}/versions`,
  preview: 'scores/preview',
  backtest: (id: string) => `scores/${id}/backtest`,
  record: (table: 'accounts' | 'users', recordId: string) =>
    `scores/records/${table}/${encodeURIComponent(recordId)}`,
} as const;
