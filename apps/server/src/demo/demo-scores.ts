import type { Database } from '../platform/database/database.js';
import { seedScores, type SeedScore } from '../services/live-ops/index.js';

/**
 * The demo organization's scores, each with its own seed key (never change one).
 * "Product-qualified" rates accounts on fit (a paid team plan, ten seats or more) and on the
 * behaviour the demo data's conversion signal rides on (docs/product.md §2): exports and
 * dashboards of the last 30 days. Its back-test against `plan_upgraded` within 30 days shows
 * the signal (demo-scores.test.ts).
 */
export const DEMO_SCORES: SeedScore[] = [
  {
    seedKey: 'product-qualified',
    name: 'Product-qualified',
    baseTable: 'accounts',
    fit: [
      {
        filters: [{ field: 'plan', operator: 'includes', value: ['pro', 'enterprise'] }],
        points: 10,
      },
      { filters: [{ field: 'seats', operator: 'gte', value: 10 }], points: 10 },
    ],
    behaviour: [
      { event: 'export_created', points: 5, lifespanDays: 30 },
      { event: 'dashboard_created', points: 5, lifespanDays: 30 },
    ],
  },
];

/** Seeds the demo scores through the scores service (idempotent, by seed key). */
export async function seedDemoScores(db: Database, orgId: string): Promise<void> {
  await seedScores(db, orgId, DEMO_SCORES);
}
