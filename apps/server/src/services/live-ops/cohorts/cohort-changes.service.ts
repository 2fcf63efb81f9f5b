import type { CohortChanges, CohortChangesQuery } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { readCohortChanges, type Warehouse } from '../../../warehouse/index.js';
import { requireSegment } from '../segments/segments.service.js';
import { requireCohort } from './cohorts.service.js';

/**
 * Who entered and who left the organization's cohort since a moment (docs/architecture.md §6, beyond
 * spec), from its stored snapshots; 404 for a cohort of another organization.
 */
export async function getCohortChanges(
  db: Database,
  warehouse: Warehouse,
  auth: AuthContext,
  cohortId: string,
  query: CohortChangesQuery,
): Promise<CohortChanges> {
  const cohort = await requireCohort(db, auth, cohortId);
  const segment = await requireSegment(db, auth.org.id, cohort.segmentId);
  const since = new Date(query.since);
  const changes = await readCohortChanges(
    warehouse,
    auth.org.id,
    cohort.id,
    segment.baseTable,
    since.getTime(),
    query.limit,
    { offset: (query.page - 1) * query.limit, only: query.change },
  );
  return { since: since.toISOString(), page: query.page, perPage: query.limit, ...changes };
}
