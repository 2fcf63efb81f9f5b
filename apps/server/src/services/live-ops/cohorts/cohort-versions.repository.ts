import type { FilterItem } from '@revlane/contracts';
import { and, desc, eq, max } from 'drizzle-orm';
import type { Queryable } from '../../../platform/database/queryable.js';
import type { segmentVersions } from '../../../platform/database/schema/index.js';
import { cohortVersions, users } from '../../../platform/database/schema/index.js';
import { changedByColumns } from '../changed-by.js';

/** What a new version row of either history table holds (schema/version-columns.ts). */
export interface NewDefinitionVersion {
  orgId: string;
  /** Null for changes nobody made by hand (the demo seed). */
  changedBy: string | null;
  previousName: string | null;
  name: string;
  previousFilters: FilterItem[] | null;
  filters: FilterItem[];
}

export interface NewCohortVersion extends NewDefinitionVersion {
  cohortId: string;
}

interface Definition {
  name: string;
  filters: FilterItem[];
}

/** A version's before and after (a cohort's or a segment's definition), and who changed it. */
export function versionOfChange(changedBy: string | null, before: Definition, after: Definition) {
  return {
    changedBy,
    previousName: before.name,
    name: after.name,
    previousFilters: before.filters,
    filters: after.filters,
  };
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

/**
 * What a version row answers, from either history table (they share their columns,
 * schema/version-columns.ts), with who made it (null once the user is deleted).
 */
export function versionFields(v: typeof cohortVersions | typeof segmentVersions) {
  return {
    version: v.version,
    changedAt: v.changedAt,
    ...changedByColumns,
    previousName: v.previousName,
    name: v.name,
    previousFilters: v.previousFilters,
    filters: v.filters,
  };
}

/** The cohort's versions, newest first. */
export function listCohortVersions(db: Queryable, orgId: string, cohortId: string) {
  return db
    .select(versionFields(cohortVersions))
    .from(cohortVersions)
    .leftJoin(users, eq(users.id, cohortVersions.changedBy))
    .where(and(eq(cohortVersions.orgId, orgId), eq(cohortVersions.cohortId, cohortId)))
    .orderBy(desc(cohortVersions.version));
}
