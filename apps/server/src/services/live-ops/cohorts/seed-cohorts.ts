import type { FilterItem } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { insertCohortVersion } from './cohort-versions.repository.js';
import { insertCohortIfMissing, setFavorite } from './cohorts.repository.js';

/** A cohort to seed into a segment. */
export interface SeedCohort {
  /** Its stable identity within the segment, whatever it is renamed to later. */
  seedKey: string;
  name: string;
  filters: FilterItem[];
  /** Starred for the seeding user, so the list shows favorites first from the start. */
  isFavorite?: boolean;
}

/**
 * The cohorts service's seed function (the demo module calls it): inserts the segment's
 * missing cohorts (by seed key), each with its version 1, and stars the favorites for
 * `favoriteForUserId`. Idempotent by key, never by name: existing cohorts (and changes made
 * to them since, a new name too) are left alone, and so are their stars.
 */
export async function seedCohorts(
  db: Database,
  orgId: string,
  segmentId: string,
  seeds: readonly SeedCohort[],
  favoriteForUserId?: string,
): Promise<void> {
  for (const seed of seeds) {
    await db.transaction(async (tx) => {
      const cohort = await insertCohortIfMissing(tx, {
        orgId,
        segmentId,
        seedKey: seed.seedKey,
        name: seed.name,
        filters: seed.filters,
        createdBy: null,
      });
      if (!cohort) return;
      await insertCohortVersion(tx, {
        cohortId: cohort.id,
        orgId,
        changedBy: null,
        previousName: null,
        name: cohort.name,
        previousFilters: null,
        filters: cohort.filters,
      });
      if (seed.isFavorite && favoriteForUserId)
        await setFavorite(tx, favoriteForUserId, cohort.id, true);
    });
  }
}
