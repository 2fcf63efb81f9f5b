import type { Cohort } from '@revlane/contracts';

/** How often to look again while a cohort waits for its first membership snapshot. */
export const UNCOUNTED_REFETCH_MS = 5_000;

/**
 * A query's refetch interval: a new cohort is counted by a background job moments after it
 * is saved, so poll until every cohort shown has a count, then stop.
 */
export function untilCounted(cohorts: readonly Cohort[]): number | false {
  return cohorts.some((cohort) => cohort.members === null) ? UNCOUNTED_REFETCH_MS : false;
}
