import { scoreColumnsOf, type Score, type ScoreVersion } from '@revlane/contracts';
import { gradesInForce, type ScoreDefinition } from '../../../warehouse/index.js';
import { toChangedBy } from '../changed-by.js';
import type { ScoreRow, ScoreVersionRow } from './scores.repository.js';

/** A score row as the API answers it (docs/architecture.md §7: camelCase, ISO instants). */
export function toScore(row: ScoreRow): Score {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    baseTable: row.baseTable,
    fit: row.fit,
    behaviour: row.behaviour,
    grades: gradesInForce(row.grades),
    defaultGrades: !row.grades || row.grades.length === 0,
    columns: scoreColumnsOf(row.slug),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toScoreVersion(row: ScoreVersionRow): ScoreVersion {
  return {
    version: row.version,
    changedAt: row.changedAt.toISOString(),
    changedBy: toChangedBy(row),
    name: row.name,
    fit: row.fit,
    behaviour: row.behaviour,
    grades: row.grades,
  };
}

/** What the warehouse computes from a saved score (ADR 0034): its grades in force. */
export function toScoreDefinition(
  row: Pick<ScoreRow, 'id' | 'slug' | 'name' | 'baseTable' | 'fit' | 'behaviour' | 'grades'>,
): ScoreDefinition {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    baseTable: row.baseTable,
    fit: row.fit,
    behaviour: row.behaviour,
    grades: gradesInForce(row.grades),
  };
}
