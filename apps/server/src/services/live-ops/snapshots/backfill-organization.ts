import {
  backfillCohort,
  isSegmentQueryError,
  readLoadInfo,
  readSnapshottedCohortIds,
  withAsOfSeriesTables,
} from '../../../warehouse/index.js';
import type { SnapshotDeps } from './snapshot-deps.js';
import { snapshotNow } from './snapshot-organization.js';
import {
  clearHistoryRequest,
  listCohortsToSnapshot,
  type CohortToSnapshot,
} from './snapshots.repository.js';

const DAY_MS = 86_400_000;

/** The starts of the `days` UTC days before `until`'s day, oldest first. */
export function backfillDays(days: number, until: number): number[] {
  const today = Math.floor(until / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, index) => today - (days - index) * DAY_MS);
}

/**
 * Gives cohorts without any snapshot, and cohorts created or given new filters since
 * (`historyRequestedAt`, ADR 0013), a history: one snapshot per past day, as of the end of
 * that day, all days evaluated on one series build; then the regular snapshot at `until`.
 * Other cohorts only get the regular one, so a restart back-fills nothing twice.
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
    const pending = cohorts.filter(
      (cohort) => cohort.historyRequestedAt !== null || !snapshotted.has(cohort.id),
    );
    if (pending.length > 0)
      await backfillHistories(deps, orgId, pending, backfillDays(days, until), snapshotted);
    for (const cohort of cohorts) await snapshotNow(deps, orgId, cohort, until);
    for (const { id, historyRequestedAt } of pending) {
      if (historyRequestedAt) await clearHistoryRequest(deps.db, orgId, id, historyRequestedAt);
    }
  });
}

async function backfillHistories(
  deps: SnapshotDeps,
  orgId: string,
  cohorts: CohortToSnapshot[],
  days: number[],
  snapshotted: Set<string>,
) {
  const started = Date.now();
  deps.log.info({ orgId, cohorts: cohorts.length, days: days.length }, 'cohort back-fill');
  const tables = cohorts.map((cohort) => cohort.table);
  await withAsOfSeriesTables(deps.warehouse, orgId, days, tables, async (series, catalogue) => {
    deps.log.info({ orgId, durationMs: Date.now() - started }, 'cohort back-fill series built');
    for (const cohort of cohorts) {
      const definition = {
        cohortId: cohort.id,
        table: cohort.table,
        filters: cohort.filters,
        viewerEmail: cohort.viewerEmail,
        // A requested history always replaces: a new cohort's first count may have landed
        // since `snapshotted` was read (count-created-cohort.ts), and must not stop it.
        replace: cohort.historyRequestedAt !== null || snapshotted.has(cohort.id),
      };
      try {
        await backfillCohort(deps.warehouse, orgId, definition, {
          tables: series,
          days,
          catalogue,
        });
      } catch (error) {
        // Like a regular snapshot: one stale cohort must not fail its organization's run.
        if (!isSegmentQueryError(error)) throw error;
        deps.log.warn({ orgId, cohortId: cohort.id, err: error }, 'cohort filters no longer valid');
      }
    }
  });
  const durationMs = Date.now() - started;
  deps.log.info(
    { orgId, durationMs },
    `cohort back-fill done in ${(durationMs / 1000).toFixed(1)} s`,
  );
}
