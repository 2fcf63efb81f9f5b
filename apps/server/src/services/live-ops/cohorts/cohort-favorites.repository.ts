import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { cohortFavorites, cohorts, segments } from '../../../platform/database/schema/index.js';
import { favoriteOf } from './cohorts.repository.js';

/**
 * The user's starred cohorts in the organization with their segment's name, in menu order
 * (segment position, segment name, cohort name). Stars of another organization (a user who
 * moved) never show: the organization is in the condition, not just the user.
 */
export function listFavoriteCohortRows(db: Database, orgId: string, userId: string) {
  return db
    .select({ ...getTableColumns(cohorts), segmentName: segments.name })
    .from(cohortFavorites)
    .innerJoin(cohorts, eq(cohorts.id, cohortFavorites.cohortId))
    .innerJoin(segments, eq(segments.id, cohorts.segmentId))
    .where(
      and(eq(cohortFavorites.userId, userId), eq(cohorts.orgId, orgId), eq(segments.orgId, orgId)),
    )
    .orderBy(asc(segments.position), asc(segments.name), asc(cohorts.name), asc(cohorts.id));
}

/**
 * Every cohort of the organization with its segment's name and the user's star, in menu
 * order (home's segment trends).
 */
export function listOrganizationCohortRows(db: Database, orgId: string, userId: string) {
  return db
    .select({
      ...getTableColumns(cohorts),
      segmentName: segments.name,
      favorite: favoriteOf(userId),
    })
    .from(cohorts)
    .innerJoin(segments, eq(segments.id, cohorts.segmentId))
    .where(and(eq(cohorts.orgId, orgId), eq(segments.orgId, orgId)))
    .orderBy(asc(segments.position), asc(segments.name), asc(cohorts.name), asc(cohorts.id));
}
