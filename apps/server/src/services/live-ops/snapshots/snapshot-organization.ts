import {
  isSegmentQueryError,
  readLoadInfo,
  snapshotCohort,
  type SnapshotResult,
} from '../../../warehouse/index.js';
import type { SnapshotDeps } from './snapshot-deps.js';
import {
  listCohortsToSnapshot,
  recordLatestSnapshot,
  type CohortToSnapshot,
} from './snapshots.repository.js';

/**
 * Snapshots every cohort of the organization at `snapshotAt` and mirrors the counts into
 * metadata. Nothing to do before the first load.
 */
export async function snapshotOrganization(
  deps: SnapshotDeps,
  orgId: string,
  snapshotAt: number,
): Promise<void> {
  await deps.orgLock.run(orgId, async () => {
    if (!(await readLoadInfo(deps.warehouse, orgId))) return;
    for (const cohort of await listCohortsToSnapshot(deps.db, orgId)) {
      await snapshotNow(deps, orgId, cohort, snapshotAt);
    }
  });
}

/**
 * One cohort's snapshot on the live segment table, mirrored into metadata. Callers hold the
 * organization's lock.
 */
export async function snapshotNow(
  deps: SnapshotDeps,
  orgId: string,
  cohort: CohortToSnapshot,
  snapshotAt: number,
): Promise<void> {
  const result = await snapshotValidCohort(deps, orgId, cohort, snapshotAt);
  if (!result) return;
  await recordLatestSnapshot(deps.db, orgId, cohort.id, result.members, new Date(snapshotAt));
  deps.log.debug({ orgId, cohortId: cohort.id, ...result }, 'cohort snapshot');
  // Alerts and plays evaluate inside this job: a failure fails it, and the retry snapshots
  // nothing twice but tells them again (ADR 0023, 0024).
  await deps.events.emit('cohortSnapshotTaken', {
    orgId,
    cohortId: cohort.id,
    snapshotAt,
    members: result.members,
  });
}

/**
 * A snapshot, or null for a cohort whose filters no longer compile (the catalogue changed):
 * logged and left out, so one stale cohort cannot fail (and retry) its organization's run.
 */
export async function snapshotValidCohort(
  deps: SnapshotDeps,
  orgId: string,
  cohort: CohortToSnapshot,
  snapshotAt: number,
): Promise<SnapshotResult | null> {
  const { id: cohortId, table, filters, viewerEmail } = cohort;
  const definition = { cohortId, table, filters, viewerEmail };
  try {
    return await snapshotCohort(deps.warehouse, orgId, definition, snapshotAt);
  } catch (error) {
    if (!isSegmentQueryError(error)) throw error;
    deps.log.warn({ orgId, cohortId: cohort.id, err: error }, 'cohort filters no longer valid');
    return null;
  }
}
