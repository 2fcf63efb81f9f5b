import type { Cohort } from '@revlane/contracts';

/**
 * Favorites first, then by name: the server's order, kept after a local change (a new star
 * or name) so the list does not wait for a refetch to move the cohort.
 */
export function sortCohorts(cohorts: Cohort[]): Cohort[] {
  return [...cohorts].sort(
    (a, b) =>
      Number(b.favorite) - Number(a.favorite) ||
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );
}
