import type { SegmentFilter } from '@revlane/contracts';
import { and, desc, eq, max } from 'drizzle-orm';
import type { Queryable } from '../../../platform/database/queryable.js';
import { cohortVersions, users } from '../../../platform/database/schema/index.js';

export interface NewCohortVersion {
  cohortId: string;
  orgId: string;
  /** Null for changes nobody made by hand (the demo seed). */
  changedBy: string | null;
  previousName: string | null;
  name: string;
  previousFilters: SegmentFilter[] | null;
  filters: SegmentFilter[];
}

/**
 * Appends the next version. Callers hold the cohort's row lock (or just inserted it), so
 * the next number cannot be taken by a concurrent change.
 */
export async function insertCohortVersion(db: Queryable, values: NewCohortVersion) {
  const [latest] = await db
    .select({ version: max(cohortVersions.version) })
    .from(cohortVersions)
    .where(eq(cohortVersions.cohortId, values.cohortId));
  const version = (latest?.version ?? 0) + 1;
  await db.insert(cohortVersions).values({ ...values, version });
}

/** The cohort's versions, newest first, with who made them (null once the user is deleted). */
export function listCohortVersions(db: Queryable, orgId: string, cohortId: string) {
  return db
    .select({
      version: cohortVersions.version,
      changedAt: cohortVersions.changedAt,
      changedById: users.id,
      changedByName: users.displayName,
      changedByEmail: users.email,
      previousName: cohortVersions.previousName,
      name: cohortVersions.name,
      previousFilters: cohortVersions.previousFilters,
      filters: cohortVersions.filters,
    })
    .from(cohortVersions)
    .leftJoin(users, eq(users.id, cohortVersions.changedBy))
    .where(and(eq(cohortVersions.orgId, orgId), eq(cohortVersions.cohortId, cohortId)))
    .orderBy(desc(cohortVersions.version));
}
