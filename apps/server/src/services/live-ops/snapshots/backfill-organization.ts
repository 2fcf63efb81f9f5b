import {
  readLoadInfo,
  readSnapshottedCohortIds,
  withAsOfSegmentTables,
} from '../../../warehouse/index.js';
import type { SnapshotDeps } from './snapshot-deps.js';
import { snapshotNow, snapshotValidCohort } from './snapshot-organization.js';
import { listCohortsToSnapshot, type CohortToSnapshot } from './snapshots.repository.js';

const DAY_MS = 86_400_000;
const PROGRESS_EVERY_DAYS = 30;

/** The last millisecond of each of the `days` UTC days before `until`'s day, oldest first. */
export function backfillMoments(days: number, until: number): number[] {
  const today = Math.floor(until / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, index) => today - (days - 1 - index) * DAY_MS - 1);
}

/**
 * Gives cohorts without any snapshot a history: one snapshot per past day, each evaluated on
 * segment tables rebuilt as of the end of that day, then the regular snapshot at `until`.
 * Cohorts that already have snapshots only get the regular one, so a restart back-fills
 * nothing twice.
 */
export async function backfillOrganization(
  deps: SnapshotDeps,
  orgId: string,
  { days, until }: { days: number; until: number },
): Promise<void> {
  await deps.orgLock.run(orgId, async () => {
    if (!(await readLoadInfo(deps.warehouse, orgId))) return;
    const cohorts = await listCohortsToSnapshot(deps.db, orgId);
    const snapshotted = await readSnapshottedCohortIds(deps.warehouse, orgId);
    const pending = cohorts.filter((cohort) => !snapshotted.has(cohort.id));
    if (pending.length > 0) await backfillDays(deps, orgId, pending, backfillMoments(days, until));
    for (const cohort of cohorts) await snapshotNow(deps, orgId, cohort, until);
  });
}

async function backfillDays(
  deps: SnapshotDeps,
  orgId: string,
  cohorts: CohortToSnapshot[],
  moments: number[],
) {
  const started = Date.now();
  deps.log.info({ orgId, cohorts: cohorts.length, days: moments.length }, 'cohort back-fill');
  for (const [index, moment] of moments.entries()) {
    await withAsOfSegmentTables(deps.warehouse, orgId, moment, async (tables) => {
      for (const cohort of cohorts) {
        await snapshotValidCohort(deps, orgId, cohort, moment, tables[cohort.table]);
      }
    });
    const done = index + 1;
    if (done % PROGRESS_EVERY_DAYS === 0 || done === moments.length) {
      deps.log.info({ orgId, days: done, of: moments.length }, 'cohort back-fill progress');
    }
  }
  const durationMs = Date.now() - started;
  deps.log.info(
    { orgId, durationMs },
    `cohort back-fill done in ${(durationMs / 1000).toFixed(1)} s`,
  );
}
