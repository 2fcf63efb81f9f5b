import type { Cohort, CohortVersion } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { HttpError, notFound } from '../../../platform/errors/http-error.js';
import { requireSegment } from '../segments/segments.service.js';
import type { AppDependents } from '../../../platform/events/events-plugin.js';
import { toDependentErrors } from './cohort-dependents.js';
import { toCohort, toCohortVersion } from './cohort-response.js';
import { listCohortVersions } from './cohort-versions.repository.js';
import {
  deleteCohort,
  findCohort,
  listSegmentCohorts,
  type CohortRow,
} from './cohorts.repository.js';

/** The organization's cohort, or 404 (also for another organization's id). */
export async function requireCohort(
  db: Database,
  auth: AuthContext,
  cohortId: string,
): Promise<CohortRow> {
  const cohort = await findCohort(db, auth.org.id, cohortId, auth.user.id);
  if (!cohort) throw notFound('Cohort');
  return cohort;
}

/** The cohort under the segment named in the path: a cohort of another segment is 404. */
export async function requireSegmentCohort(
  db: Database,
  auth: AuthContext,
  segmentId: string,
  cohortId: string,
): Promise<CohortRow> {
  const segment = await requireSegment(db, auth.org.id, segmentId);
  const cohort = await requireCohort(db, auth, cohortId);
  if (cohort.segmentId !== segment.id) throw notFound('Cohort');
  return cohort;
}

export async function listCohorts(
  db: Database,
  auth: AuthContext,
  segmentId: string,
): Promise<Cohort[]> {
  const segment = await requireSegment(db, auth.org.id, segmentId);
  const rows = await listSegmentCohorts(db, auth.org.id, segment.id, auth.user.id);
  return rows.map(toCohort);
}

export async function getCohort(db: Database, auth: AuthContext, cohortId: string) {
  return toCohort(await requireCohort(db, auth, cohortId));
}

export async function getCohortVersions(
  db: Database,
  auth: AuthContext,
  cohortId: string,
): Promise<CohortVersion[]> {
  const cohort = await requireCohort(db, auth, cohortId);
  const rows = await listCohortVersions(db, auth.org.id, cohort.id);
  return rows.map(toCohortVersion);
}

/**
 * Deletes the cohort unless alerts or plays still use it (ADR 0006): then 409 naming each
 * dependent, and nothing is deleted. A dependent created between the check and the delete
 * is the owning service's to guard (its foreign key to the cohort).
 */
export async function removeCohort(
  db: Database,
  dependentsOf: AppDependents['cohorts'],
  auth: AuthContext,
  segmentId: string,
  cohortId: string,
): Promise<void> {
  const cohort = await requireSegmentCohort(db, auth, segmentId, cohortId);
  const dependents = await dependentsOf.find(db, auth.org.id, cohort.id);
  if (dependents.length > 0) {
    throw new HttpError(
      409,
      `"${cohort.name}" is used by ${dependents.length} alert(s) or play(s); change or delete them first`,
      toDependentErrors(dependents),
    );
  }
  await deleteCohort(db, auth.org.id, cohort.id);
}
