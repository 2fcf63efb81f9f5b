import { readLoadInfo } from '../../../warehouse/index.js';
import type { SnapshotDeps } from './snapshot-deps.js';
import { snapshotNow } from './snapshot-organization.js';
import { findCohortToSnapshot } from './snapshots.repository.js';

/**
 * A cohort just created gets its first snapshot (the baseline: its members and today's
 * trend point) before its creation is answered, so its page never says "Not counted yet"
 * while the table lists its records (docs/product.md §4). One query over the live segment
 * table: cheap, unlike the history, which its back-fill builds right after (ADR 0013).
 *
 * Not under the organization's lock: a running back-fill may hold it for minutes. The
 * warehouse writes one transaction at a time per organization, every snapshot statement is
 * guarded by "no snapshot at or after this moment", and the back-fill replaces the history
 * of a cohort whose history was requested (backfill-organization.ts), so this snapshot
 * landing before, during or after a run leaves one consistent history.
 */
export async function countCreatedCohort(
  deps: SnapshotDeps,
  orgId: string,
  cohortId: string,
): Promise<void> {
  // Before the first load there is nothing to count: the page says the data is preparing.
  if (!(await readLoadInfo(deps.warehouse, orgId))) return;
  const cohort = await findCohortToSnapshot(deps.db, orgId, cohortId);
  if (cohort) await snapshotNow(deps, orgId, cohort, Date.now());
}
