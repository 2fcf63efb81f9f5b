import type { BaseTable, FilterItem } from '@revlane/contracts';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import {
  cohorts,
  organizations,
  segments,
  users,
} from '../../../platform/database/schema/index.js';

export interface CohortToSnapshot {
  id: string;
  table: BaseTable;
  /** The segment's base filters, then the cohort's own: a cohort is a part of its segment. */
  filters: FilterItem[];
  /** Its history is to be (re)built from the as-of series (created, or new filters). */
  historyRequestedAt: Date | null;
  /** Its creator's email: who "me" on an owner's email means in a snapshot (ADR 0032). */
  viewerEmail: string | null;
}

/**
 * What a snapshot evaluates of the organization's cohorts (or of one): the segment's base
 * table and both filter sets.
 */
function selectCohortsToSnapshot(db: Database, orgId: string, cohortId?: string) {
  return db
    .select({
      id: cohorts.id,
      table: segments.baseTable,
      baseFilters: segments.filters,
      filters: cohorts.filters,
      historyRequestedAt: cohorts.historyRequestedAt,
      viewerEmail: users.email,
    })
    .from(cohorts)
    .innerJoin(segments, eq(segments.id, cohorts.segmentId))
    .leftJoin(users, eq(users.id, cohorts.createdBy))
    .where(
      and(
        eq(cohorts.orgId, orgId),
        eq(segments.orgId, orgId),
        cohortId === undefined ? undefined : eq(cohorts.id, cohortId),
      ),
    );
}

type SelectedCohort = Awaited<ReturnType<typeof selectCohortsToSnapshot>>[number];

const toCohortToSnapshot = ({
  baseFilters,
  filters,
  ...row
}: SelectedCohort): CohortToSnapshot => ({
  ...row,
  filters: [...baseFilters, ...filters],
});

/** The organization's cohorts with their segment's base table (what the snapshot evaluates). */
export async function listCohortsToSnapshot(
  db: Database,
  orgId: string,
): Promise<CohortToSnapshot[]> {
  const rows = await selectCohortsToSnapshot(db, orgId).orderBy(
    asc(cohorts.createdAt),
    asc(cohorts.id),
  );
  return rows.map(toCohortToSnapshot);
}

/** One cohort of the organization as a snapshot evaluates it; undefined once deleted. */
export async function findCohortToSnapshot(
  db: Database,
  orgId: string,
  cohortId: string,
): Promise<CohortToSnapshot | undefined> {
  const [row] = await selectCohortsToSnapshot(db, orgId, cohortId);
  return row && toCohortToSnapshot(row);
}

/**
 * Mirrors a snapshot's member count into the metadata row, unless a newer snapshot is
 * already there (a late retry must not put an older count back).
 */
export async function recordLatestSnapshot(
  db: Database,
  orgId: string,
  cohortId: string,
  members: number,
  snapshotAt: Date,
): Promise<void> {
  await db
    .update(cohorts)
    .set({ latestMembers: members, latestSnapshotAt: snapshotAt })
    .where(
      and(
        eq(cohorts.orgId, orgId),
        eq(cohorts.id, cohortId),
        or(isNull(cohorts.latestSnapshotAt), lt(cohorts.latestSnapshotAt, snapshotAt)),
      ),
    );
}

/**
 * The history asked for at `requestedAt` is built: clears the request, unless the filters
 * changed again meanwhile (a newer request waits for the next back-fill).
 */
export async function clearHistoryRequest(
  db: Database,
  orgId: string,
  cohortId: string,
  requestedAt: Date,
): Promise<void> {
  await db
    .update(cohorts)
    .set({ historyRequestedAt: null })
    .where(
      and(
        eq(cohorts.orgId, orgId),
        eq(cohorts.id, cohortId),
        eq(cohorts.historyRequestedAt, requestedAt),
      ),
    );
}

export async function listOrganizationIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: organizations.id }).from(organizations);
  return rows.map((row) => row.id);
}
