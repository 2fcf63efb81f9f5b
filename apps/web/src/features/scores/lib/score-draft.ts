import {
  DEFAULT_SCORE_GRADES,
  scorePreviewBodySchema,
  type BaseTable,
  type CreateScoreBody,
  type FilterItem,
  type Score,
  type ScoreBehaviourRule,
  type ScoreGrade,
  type ScorePreviewBody,
  type UpdateScoreBody,
} from '@revlane/contracts';

/** One fit rule as the editor holds it; `uid` keys it while rules come and go. */
export interface FitRuleDraft {
  uid: string;
  filters: FilterItem[];
  points: number | null;
}

export interface BehaviourRuleDraft {
  uid: string;
  event: string;
  points: number | null;
  lifespanDays: number | null;
  /** None: 10 × points (docs/product.md §2). */
  cap: number | null;
}

export interface GradeDraft {
  uid: string;
  label: string;
  min: number | null;
}

/** A score as its editor holds it, saved whole with one POST or PATCH. */
export interface ScoreDraft {
  name: string;
  baseTable: BaseTable;
  fit: FitRuleDraft[];
  behaviour: BehaviourRuleDraft[];
  grades: GradeDraft[];
  /** False while the grades are the defaults: the score then names none. */
  hasCustomGrades: boolean;
}

let nextUid = 0;
const uid = (kind: string) => `${kind}-${++nextUid}`;

export const newFitRule = (filters: FilterItem[] = [], points: number | null = 10) => ({
  uid: uid('fit'),
  filters,
  points,
});

export const DEFAULT_LIFESPAN_DAYS = 30;

export const newBehaviourRule = (
  rule: Partial<Omit<BehaviourRuleDraft, 'uid'>> = {},
): BehaviourRuleDraft => ({
  uid: uid('behaviour'),
  event: '',
  points: 5,
  lifespanDays: DEFAULT_LIFESPAN_DAYS,
  cap: null,
  ...rule,
});

export const newGrade = (label = '', min: number | null = null): GradeDraft => ({
  uid: uid('grade'),
  label,
  min,
});

export const defaultGrades = () =>
  DEFAULT_SCORE_GRADES.map((grade) => newGrade(grade.label, grade.min));

/** A new score: accounts, no rules yet, the default grades. */
export const emptyScoreDraft = (): ScoreDraft => ({
  name: '',
  baseTable: 'accounts',
  fit: [],
  behaviour: [],
  grades: defaultGrades(),
  hasCustomGrades: false,
});

export const toScoreDraft = (score: Score): ScoreDraft => ({
  name: score.name,
  baseTable: score.baseTable,
  fit: score.fit.map((rule) => newFitRule(rule.filters, rule.points)),
  behaviour: score.behaviour.map((rule) =>
    newBehaviourRule({
      event: rule.event,
      points: rule.points,
      lifespanDays: rule.lifespanDays,
      cap: rule.cap ?? null,
    }),
  ),
  grades: score.grades.map((grade) => newGrade(grade.label, grade.min)),
  hasCustomGrades: !score.defaultGrades,
});

/** Every number a rule or grade needs is there; the rest the server checks and names. */
export const isReady = (draft: ScoreDraft) =>
  draft.name.trim() !== '' &&
  draft.fit.length + draft.behaviour.length > 0 &&
  draft.fit.every((rule) => rule.points !== null) &&
  draft.behaviour.every((rule) => rule.points !== null && rule.lifespanDays !== null) &&
  (!draft.hasCustomGrades || draft.grades.every((grade) => grade.min !== null));

const toFit = (draft: ScoreDraft) =>
  draft.fit.map((rule) => ({ filters: rule.filters, points: rule.points ?? 0 }));

const toBehaviour = (draft: ScoreDraft): ScoreBehaviourRule[] =>
  draft.behaviour.map((rule) => ({
    event: rule.event.trim(),
    points: rule.points ?? 0,
    lifespanDays: rule.lifespanDays ?? 0,
    ...(rule.cap === null ? {} : { cap: rule.cap }),
  }));

const toGrades = (draft: ScoreDraft): ScoreGrade[] =>
  draft.grades.map((grade) => ({ label: grade.label.trim(), min: grade.min ?? 0 }));

/** `POST scores`: the grades only when they are not the defaults. */
export const toCreateBody = (draft: ScoreDraft): CreateScoreBody => ({
  name: draft.name.trim(),
  baseTable: draft.baseTable,
  fit: toFit(draft),
  behaviour: toBehaviour(draft),
  ...(draft.hasCustomGrades ? { grades: toGrades(draft) } : {}),
});

/** `PATCH scores/{id}`: the whole definition; `grades: null` goes back to the defaults. */
export const toUpdateBody = (draft: ScoreDraft): UpdateScoreBody => ({
  name: draft.name.trim(),
  fit: toFit(draft),
  behaviour: toBehaviour(draft),
  grades: draft.hasCustomGrades ? toGrades(draft) : null,
});

/**
 * What `POST scores/preview` is asked for the draft as it stands, or null while the contract
 * would refuse it (a rule half written): the panel waits for a definition it can score.
 */
export function toPreviewBody(draft: ScoreDraft): ScorePreviewBody | null {
  if (draft.fit.some((rule) => rule.points === null)) return null;
  if (draft.behaviour.some((rule) => rule.points === null || rule.lifespanDays === null)) {
    return null;
  }
  if (draft.hasCustomGrades && draft.grades.some((grade) => grade.min === null)) return null;
  const body = {
    baseTable: draft.baseTable,
    fit: toFit(draft),
    behaviour: toBehaviour(draft),
    ...(draft.hasCustomGrades ? { grades: toGrades(draft) } : {}),
  };
  return scorePreviewBodySchema.safeParse(body).success ? body : null;
}
