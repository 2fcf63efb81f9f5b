import { and, asc, eq } from 'drizzle-orm';
import {
  flattenFilters,
  scoreColumnsOf,
  toCohortDependentError,
  type FieldError,
  type FilterItem,
} from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { cohorts, segments } from '../../../platform/database/schema/index.js';
import type { AppDependents } from '../../../platform/events/events-plugin.js';
import type { ScoreRow } from './scores.repository.js';

/** What a score's delete names (ADR 0006): a segment too, when its base filters read a column. */
export interface ScoreDependent {
  kind: 'segment' | 'cohort' | 'alert' | 'play' | 'activation';
  id: string;
  name: string;
}

const usesAny = (filters: readonly FilterItem[], columns: ReadonlySet<string>) =>
  flattenFilters(filters).some((filter) => columns.has(filter.field));

/**
 * What uses a score's columns (`score_<slug>`, `grade_<slug>`, `reasons_<slug>`), so deleting
 * it is refused with 409 naming them (ADR 0006): segments and cohorts of its base table whose
 * filters read one, each cohort followed by what watches it (alerts, plays, activations);
 * then what the modules registered for scores (activations mapping a column, plays whose
 * templates insert one).
 */
export async function findScoreDependents(
  db: Database,
  dependents: Pick<AppDependents, 'cohorts' | 'scores'>,
  score: Pick<ScoreRow, 'orgId' | 'slug' | 'baseTable'>,
): Promise<ScoreDependent[]> {
  const { orgId, baseTable } = score;
  const columns = new Set(Object.values(scoreColumnsOf(score.slug)));
  const found: ScoreDependent[] = [];
  const seen = new Set<string>();
  const add = (dependent: ScoreDependent) => {
    const key = `${dependent.kind}:${dependent.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push(dependent);
  };

  const segmentRows = await db
    .select({ id: segments.id, name: segments.name, filters: segments.filters })
    .from(segments)
    .where(and(eq(segments.orgId, orgId), eq(segments.baseTable, baseTable)))
    .orderBy(asc(segments.name));
  for (const row of segmentRows)
    if (usesAny(row.filters, columns)) add({ kind: 'segment', id: row.id, name: row.name });

  const cohortRows = await db
    .select({ id: cohorts.id, name: cohorts.name, filters: cohorts.filters })
    .from(cohorts)
    .innerJoin(segments, eq(segments.id, cohorts.segmentId))
    .where(and(eq(cohorts.orgId, orgId), eq(segments.baseTable, baseTable)))
    .orderBy(asc(cohorts.name));
  for (const row of cohortRows) {
    if (!usesAny(row.filters, columns)) continue;
    add({ kind: 'cohort', id: row.id, name: row.name });
    for (const dependent of await dependents.cohorts.find(db, orgId, row.id)) add(dependent);
  }

  // Activations and plays using a column directly: their modules' lookups (ADR 0006).
  for (const dependent of await dependents.scores.find(db, orgId, score.slug)) add(dependent);
  return found;
}

/** How the 409 names them: `<kind>:<id>` and the name, like a cohort's or segment's delete. */
export function toScoreDependentErrors(dependents: readonly ScoreDependent[]): FieldError[] {
  return dependents.map(toCohortDependentError);
}
