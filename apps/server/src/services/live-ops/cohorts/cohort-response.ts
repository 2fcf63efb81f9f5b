import type { Cohort, CohortVersion } from '@revlane/contracts';
import { toChangedBy } from '../changed-by.js';
import type { listCohortVersions } from './cohort-versions.repository.js';
import type { CohortRow } from './cohorts.repository.js';

/** A cohort row as the API answers it (docs/architecture.md §7: camelCase, ISO instants). */
export function toCohort(row: CohortRow): Cohort {
  return {
    id: row.id,
    segmentId: row.segmentId,
    name: row.name,
    filters: row.filters,
    favorite: row.favorite,
    members: row.latestMembers,
    snapshotAt: row.latestSnapshotAt?.toISOString() ?? null,
    historyPending: row.historyRequestedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type VersionRow = Awaited<ReturnType<typeof listCohortVersions>>[number];

export function toCohortVersion(row: VersionRow): CohortVersion {
  return {
    version: row.version,
    changedAt: row.changedAt.toISOString(),
    changedBy: toChangedBy(row),
    previousName: row.previousName,
    name: row.name,
    previousFilters: row.previousFilters,
    filters: row.filters,
  };
}
