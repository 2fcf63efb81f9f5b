import type { SegmentFilter } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { listSegmentSummaries } from '../segments/segments.repository.js';
import { insertCohortVersion } from './cohort-versions.repository.js';
import { insertCohortIfMissing, setFavorite } from './cohorts.repository.js';

interface DemoCohort {
  name: string;
  filters: SegmentFilter[];
  /** Starred for the demo user, so the list shows favorites first from the start. */
  isFavorite?: boolean;
}

/**
 * Cohorts of the enabled demo segments (by segment name). Thresholds are chosen so each
 * matches a sizeable but partial share of the default demo data (2,000 accounts, 20,000
 * users): from about 135 ("Free but engaged") to about 1,060 ("Paying customers") rows.
 */
export const DEMO_COHORTS: Record<string, DemoCohort[]> = {
  'All accounts': [
    { name: 'Paying customers', filters: [{ field: 'is_paying', operator: 'is', value: true }] },
    {
      name: 'Enterprise',
      filters: [{ field: 'plan', operator: 'includes', value: ['enterprise'] }],
    },
  ],
  'Product-qualified accounts': [
    {
      name: 'Highly active',
      filters: [{ field: 'active_users_7d', operator: 'gte', value: 5 }],
      isFavorite: true,
    },
    { name: 'Pro plan', filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }] },
    {
      name: 'Free but engaged',
      filters: [
        { field: 'plan', operator: 'includes', value: ['free'] },
        { field: 'active_users_7d', operator: 'gte', value: 2 },
      ],
    },
  ],
  'Active users': [
    {
      name: 'Power users',
      filters: [{ field: 'events_7d', operator: 'gte', value: 10 }],
      isFavorite: true,
    },
    {
      name: 'Admins',
      filters: [{ field: 'role', operator: 'includes', value: ['owner', 'admin'] }],
    },
  ],
  'Expansion candidates': [
    { name: 'High MRR', filters: [{ field: 'mrr', operator: 'gte', value: 1000 }] },
    {
      name: 'Starter plan',
      filters: [{ field: 'plan', operator: 'includes', value: ['starter'] }],
    },
  ],
};

/**
 * Seeds the demo cohorts of the organization's enabled demo segments, each with its
 * version 1, and stars the favorites for `favoriteForUserId`. Idempotent by name: existing
 * cohorts (and changes made to them since) are left alone, and so are their stars.
 */
export async function seedDemoCohorts(
  db: Database,
  orgId: string,
  favoriteForUserId?: string,
): Promise<void> {
  const enabled = (await listSegmentSummaries(db, orgId)).filter((segment) => !segment.disabled);
  for (const segment of enabled) {
    for (const demo of DEMO_COHORTS[segment.name] ?? []) {
      await db.transaction(async (tx) => {
        const cohort = await insertCohortIfMissing(tx, {
          orgId,
          segmentId: segment.id,
          name: demo.name,
          filters: demo.filters,
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
        if (demo.isFavorite && favoriteForUserId)
          await setFavorite(tx, favoriteForUserId, cohort.id, true);
      });
    }
  }
}
