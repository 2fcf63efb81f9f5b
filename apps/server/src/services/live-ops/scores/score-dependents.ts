import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  flattenFilters,
  scoreColumnsOf,
  toCohortDependentError,
  type FieldError,
  type FilterItem,
} from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { activations, cohorts, plays, segments } from '../../../platform/database/schema/index.js';
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
 * activations mapping one to a destination field; plays whose templates insert one.
 */
export async function findScoreDependents(
  db: Database,
  dependentsOfCohort: AppDependents['cohorts'],
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
    for (const dependent of await dependentsOfCohort.find(db, orgId, row.id)) add(dependent);
  }

  const activationRows = await db
    .select({
      id: activations.id,
      name: activations.name,
      matchColumn: activations.matchColumn,
      fields: activations.fields,
    })
    .from(activations)
    .innerJoin(cohorts, eq(cohorts.id, activations.cohortId))
    .innerJoin(segments, eq(segments.id, cohorts.segmentId))
    .where(
      and(
        eq(activations.orgId, orgId),
        isNull(activations.deletedAt),
        eq(segments.baseTable, baseTable),
      ),
    )
    .orderBy(asc(activations.name));
  for (const row of activationRows) {
    const mapped = [row.matchColumn, ...row.fields.map((field) => field.column)];
    if (mapped.some((column) => columns.has(column)))
      add({ kind: 'activation', id: row.id, name: row.name });
  }

  // Templates insert columns as `{{account.score_fit}}`: a column's name as a whole word.
  const inTemplates = new RegExp(`\\b(${[...columns].join('|')})\\b`);
  const playRows = await db
    .select({ id: plays.id, name: plays.name, actions: plays.actions })
    .from(plays)
    .where(and(eq(plays.orgId, orgId), isNull(plays.deletedAt)))
    .orderBy(asc(plays.name));
  for (const row of playRows)
    if (inTemplates.test(JSON.stringify(row.actions)))
      add({ kind: 'play', id: row.id, name: row.name });
  return found;
}

/** How the 409 names them: `<kind>:<id>` and the name, like a cohort's or segment's delete. */
export function toScoreDependentErrors(dependents: readonly ScoreDependent[]): FieldError[] {
  return dependents.map(toCohortDependentError);
}
