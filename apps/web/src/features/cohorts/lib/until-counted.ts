import type { Cohort } from '@revlane/contracts';

/** How often to look again while a cohort waits for its count or its history. */
export const UNCOUNTED_REFETCH_MS = 5_000;

/**
 * A query's refetch interval. A cohort saved after the first data load is counted when it is
 * saved; its daily history is back-filled by a background job seconds later (ADR 0013), and
 * a cohort saved before the first load is counted after it. Poll until every cohort shown
 * has both, then stop, so the page updates by itself.
 */
export function untilCounted(cohorts: readonly Cohort[]): number | false {
  const isWaiting = cohorts.some((cohort) => cohort.members === null || cohort.historyPending);
  return isWaiting ? UNCOUNTED_REFETCH_MS : false;
}
