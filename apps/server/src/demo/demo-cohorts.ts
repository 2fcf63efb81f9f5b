import type { Database } from '../platform/database/database.js';
import { listSeededSegments, seedCohorts, type SeedCohort } from '../services/live-ops/index.js';

/**
 * Cohorts of the enabled demo segments, by the segment's seed key (DEMO_SEGMENTS), each
 * with its own seed key (never change one). Thresholds are chosen so each
 * matches a sizeable but partial share of the default demo data (2,000 accounts, 20,000
 * users): from about 135 ("Free but engaged") to about 1,060 ("Paying customers") rows.
 */
export const DEMO_COHORTS: Record<string, SeedCohort[]> = {
  'all-accounts': [
    {
      seedKey: 'paying-customers',
      name: 'Paying customers',
      filters: [{ field: 'is_paying', operator: 'is', value: true }],
    },
    {
      seedKey: 'enterprise',
      name: 'Enterprise',
      filters: [{ field: 'plan', operator: 'includes', value: ['enterprise'] }],
    },
  ],
  'product-qualified-accounts': [
    {
      seedKey: 'highly-active',
      name: 'Highly active',
      filters: [{ field: 'active_users_7d', operator: 'gte', value: 5 }],
      isFavorite: true,
    },
    {
      seedKey: 'pro-plan',
      name: 'Pro plan',
      filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }],
    },
    {
      seedKey: 'free-but-engaged',
      name: 'Free but engaged',
      filters: [
        { field: 'plan', operator: 'includes', value: ['free'] },
        { field: 'active_users_7d', operator: 'gte', value: 2 },
      ],
    },
  ],
  'active-users': [
    {
      seedKey: 'power-users',
      name: 'Power users',
      filters: [{ field: 'events_7d', operator: 'gte', value: 10 }],
      isFavorite: true,
    },
    {
      seedKey: 'admins',
      name: 'Admins',
      filters: [{ field: 'role', operator: 'includes', value: ['owner', 'admin'] }],
    },
  ],
  'expansion-candidates': [
    {
      seedKey: 'high-mrr',
      name: 'High MRR',
      filters: [{ field: 'mrr', operator: 'gte', value: 1000 }],
    },
    {
      seedKey: 'starter-plan',
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
  const enabled = (await listSeededSegments(db, orgId)).filter((segment) => !segment.disabled);
  for (const segment of enabled) {
    const seeds = DEMO_COHORTS[segment.seedKey] ?? [];
    await seedCohorts(db, orgId, segment.id, seeds, favoriteForUserId);
  }
}
