import { and, asc, eq } from 'drizzle-orm';
import {
  toCohortDependentError,
  type BaseTable,
  type CohortDependent,
  type FieldError,
  type SegmentDependent,
} from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { cohorts, segments } from '../../../platform/database/schema/index.js';
import type { AppDependents, SourceDependent } from '../../../platform/events/events-plugin.js';

/**
 * How a refused delete names its dependents in the error envelope: `path` is
 * `<kind>:<id>` (`alert:3f…`, `play:9a…`) so the client can link to it, `message` is the
 * dependent's name as the user knows it.
 */
export function toDependentErrors(
  dependents: readonly (CohortDependent | SegmentDependent)[],
): FieldError[] {
  return dependents.map(toCohortDependentError);
}

/** Each cohort, followed by what watches it (alerts, plays), as a refused delete names them. */
async function withTheirDependents(
  db: Database,
  dependentsOfCohort: AppDependents['cohorts'],
  orgId: string,
  rows: readonly { id: string; name: string }[],
): Promise<SegmentDependent[]> {
  const found: SegmentDependent[] = [];
  for (const row of rows) {
    found.push({ kind: 'cohort', id: row.id, name: row.name });
    found.push(...(await dependentsOfCohort.find(db, orgId, row.id)));
  }
  return found;
}

/**
 * What reads a base table the mapping builds (ADR 0006): the cohorts over segments of that
 * table, each followed by its own dependents (alerts, plays). A source the mapping turns
 * into `accounts` is not deleted under them.
 */
export function cohortsOverTable(dependentsOfCohort: AppDependents['cohorts']) {
  return async (db: Database, orgId: string, table: string): Promise<SourceDependent[]> => {
    const rows = await db
      .select({ id: cohorts.id, name: cohorts.name })
      .from(cohorts)
      .innerJoin(segments, eq(segments.id, cohorts.segmentId))
      .where(and(eq(cohorts.orgId, orgId), eq(segments.baseTable, table as BaseTable)))
      .orderBy(asc(cohorts.name));
    return withTheirDependents(db, dependentsOfCohort, orgId, rows);
  };
}

/** What keeps a segment from being deleted (ADR 0006): its cohorts, each with its alerts and plays. */
export async function cohortsOfSegment(
  db: Database,
  dependentsOfCohort: AppDependents['cohorts'],
  orgId: string,
  segmentId: string,
): Promise<SegmentDependent[]> {
  const rows = await db
    .select({ id: cohorts.id, name: cohorts.name })
    .from(cohorts)
    .where(and(eq(cohorts.orgId, orgId), eq(cohorts.segmentId, segmentId)))
    .orderBy(asc(cohorts.name));
  return withTheirDependents(db, dependentsOfCohort, orgId, rows);
}
