import {
  DEFAULT_SCORE_GRADES,
  type BaseTable,
  type ScoreBehaviourRule,
  type ScoreFitRule,
  type ScoreGrade,
} from '@revlane/contracts';

/**
 * A score as the warehouse computes it (ADR 0034): the organization's saved definition, its
 * slug fixing the column names (`score_<slug>`, `grade_<slug>`, `reasons_<slug>`), and its
 * grades in force, highest minimum first.
 */
export interface ScoreDefinition {
  id: string;
  slug: string;
  name: string;
  baseTable: BaseTable;
  fit: readonly ScoreFitRule[];
  behaviour: readonly ScoreBehaviourRule[];
  grades: readonly ScoreGrade[];
}

/** The grades in force, highest minimum first: the score's own, else A/B/C/D. */
export function gradesInForce(grades: readonly ScoreGrade[] | null | undefined): ScoreGrade[] {
  const list = grades && grades.length > 0 ? grades : DEFAULT_SCORE_GRADES;
  return [...list].sort((a, b) => b.min - a.min);
}
