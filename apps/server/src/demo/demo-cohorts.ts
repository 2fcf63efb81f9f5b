import type { Database } from '../platform/database/database.js';
import { listSegmentSummaries, seedCohorts, type SeedCohort } from '../services/live-ops/index.js';

/**
 * Cohorts of the enabled demo segments (by segment name). Thresholds are chosen so each
 * matches a sizeable but partial share of the default demo data (2,000 accounts, 20,000
 * users): from about 135 ("Free but engaged") to about 1,060 ("Paying customers") rows.
 */
export const DEMO_COHORTS: Record<string, SeedCohort[]> = {
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
 * Seeds the demo cohorts of the organization's enabled demo segments through the cohorts
 * service, starring the favorites for `favoriteForUserId` (idempotent).
 */
export async function seedDemoCohorts(
  db: Database,
  orgId: string,
  favoriteForUserId?: string,
): Promise<void> {
  const enabled = (await listSegmentSummaries(db, orgId)).filter((segment) => !segment.disabled);
  for (const segment of enabled) {
    const seeds = DEMO_COHORTS[segment.name] ?? [];
    await seedCohorts(db, orgId, segment.id, seeds, favoriteForUserId);
  }
}
