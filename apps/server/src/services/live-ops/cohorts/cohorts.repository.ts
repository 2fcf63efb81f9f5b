import { and, asc, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/database/queryable.js';
import { isUuid } from '../../../platform/database/uuid.js';
import { cohortFavorites, cohorts } from '../../../platform/database/schema/index.js';

export type CohortRecord = typeof cohorts.$inferSelect;
/** A cohort row with the reading user's star. */
export type CohortRow = CohortRecord & { favorite: boolean };
export type CohortChanges = Partial<Pick<CohortRecord, 'name' | 'filters' | 'historyRequestedAt'>>;

/** Every statement names the organization: a cohort id alone never reaches another org's row. */
const byOrgAndId = (orgId: string, cohortId: string) =>
  and(eq(cohorts.orgId, orgId), eq(cohorts.id, cohortId));

/** The user's own star, as a column (favorites are personal). */
export const favoriteOf = (userId: string) =>
  sql<boolean>`exists (select 1 from ${cohortFavorites} where ${cohortFavorites.cohortId} = ${cohorts.id} and ${cohortFavorites.userId} = ${userId})`.mapWith(
    Boolean,
  );

const cohortColumns = getTableColumns(cohorts);

/** The segment's cohorts: the user's favorites first, then by name. */
export function listSegmentCohorts(
  db: Queryable,
  orgId: string,
  segmentId: string,
  userId: string,
): Promise<CohortRow[]> {
  const favorite = favoriteOf(userId);
  return db
    .select({ ...cohortColumns, favorite })
    .from(cohorts)
    .where(and(eq(cohorts.orgId, orgId), eq(cohorts.segmentId, segmentId)))
    .orderBy(desc(favorite), asc(cohorts.name), asc(cohorts.id));
}

/** A malformed id finds nothing (instead of a database type error), like segments. */
export async function findCohort(
  db: Queryable,
  orgId: string,
  cohortId: string,
  userId: string,
): Promise<CohortRow | undefined> {
  if (!isUuid(cohortId)) return undefined;
  const [row] = await db
    .select({ ...cohortColumns, favorite: favoriteOf(userId) })
    .from(cohorts)
    .where(byOrgAndId(orgId, cohortId));
  return row;
}

/** Locks the cohort's row for a change, so its versions are numbered one at a time. */
export async function lockCohort(
  db: Queryable,
  orgId: string,
  cohortId: string,
): Promise<CohortRecord | undefined> {
  if (!isUuid(cohortId)) return undefined;
  const [row] = await db.select().from(cohorts).where(byOrgAndId(orgId, cohortId)).for('update');
  return row;
}

export async function isCohortNameTaken(
  db: Queryable,
  orgId: string,
  segmentId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(
      and(
        eq(cohorts.orgId, orgId),
        eq(cohorts.segmentId, segmentId),
        eq(cohorts.name, name),
        exceptId ? ne(cohorts.id, exceptId) : undefined,
      ),
    );
  return rows.length > 0;
}

export type NewCohort = Pick<
  typeof cohorts.$inferInsert,
  'orgId' | 'segmentId' | 'name' | 'filters' | 'createdBy' | 'seedKey' | 'historyRequestedAt'
>;

export async function insertCohort(db: Queryable, values: NewCohort): Promise<CohortRecord> {
  const [row] = await db.insert(cohorts).values(values).returning();
  return row!;
}

/**
 * Inserts the cohort unless its segment has one of that seed key or name: undefined then
 * (seeding).
 */
export async function insertCohortIfMissing(
  db: Queryable,
  values: NewCohort,
): Promise<CohortRecord | undefined> {
  const [row] = await db.insert(cohorts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCohort(
  db: Queryable,
  orgId: string,
  cohortId: string,
  changes: CohortChanges,
): Promise<CohortRecord | undefined> {
  const [row] = await db
    .update(cohorts)
    .set(changes)
    .where(byOrgAndId(orgId, cohortId))
    .returning();
  return row;
}

export async function deleteCohort(db: Queryable, orgId: string, cohortId: string) {
  await db.delete(cohorts).where(byOrgAndId(orgId, cohortId));
}

/** Stars or unstars the cohort for one user; starring twice is one star. */
export async function setFavorite(
  db: Queryable,
  userId: string,
  cohortId: string,
  favorite: boolean,
) {
  if (favorite) {
    await db.insert(cohortFavorites).values({ userId, cohortId }).onConflictDoNothing();
  } else {
    await db
      .delete(cohortFavorites)
      .where(and(eq(cohortFavorites.userId, userId), eq(cohortFavorites.cohortId, cohortId)));
  }
}
