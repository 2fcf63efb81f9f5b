import type { Database } from '../platform/database/database.js';
import { seedSegments, type SeedSegment } from '../services/live-ops/index.js';

const noGrouping = { pivot: null, pivotIdentifier: null };

/**
 * The demo organization's menu, each segment with settings that show off its base table and
 * a base filter set that makes its description true (demo-segments.test.ts checks every
 * row of each against its description). `seedKey` is each one's identity for seeding: never
 * change a key (a renamed demo segment keeps it, so a restart does not seed it again).
 */
export const DEMO_SEGMENTS: SeedSegment[] = (
  [
    {
      seedKey: 'all-accounts',
      name: 'All accounts',
      // Its name says every account: no base filters, and its columns show their usage.
      description: 'Every account, with its product usage.',
      baseTable: 'accounts',
    },
    {
      seedKey: 'product-qualified-accounts',
      name: 'Product-qualified accounts',
      description: 'Accounts whose usage says they are ready for a sales conversation.',
      baseTable: 'accounts',
      // A team using it this week, not a lone trial user.
      filters: [{ field: 'active_users_7d', operator: 'gte', value: 3 }],
      columns: [
        'name',
        'domain',
        'plan',
        'active_users_7d',
        'seats_used',
        'seats',
        'events_30d',
        'last_seen_at',
        'activity_30d',
      ],
      sorting: [{ field: 'active_users_7d', isDescending: true }],
      grouping: noGrouping,
    },
    {
      seedKey: 'active-users',
      name: 'Active users',
      description: 'Users active in the product during the last 7 days.',
      baseTable: 'users',
      filters: [{ field: 'events_7d', operator: 'gt', value: 0 }],
      columns: ['name', 'email', 'title', 'role', 'events_7d', 'active_days_30d', 'last_seen_at'],
      sorting: [{ field: 'events_7d', isDescending: true }],
      grouping: noGrouping,
    },
    {
      seedKey: 'expansion-candidates',
      name: 'Expansion candidates',
      description: 'Paying accounts close to their plan limits.',
      baseTable: 'accounts',
      // "Close": at least 80 % of the plan's seats taken.
      filters: [
        { field: 'is_paying', operator: 'is', value: true },
        { field: 'seat_usage', operator: 'gte', value: 80 },
      ],
      columns: [
        'name',
        'plan',
        'seats',
        'seats_used',
        'seat_usage',
        'mrr',
        'active_users_30d',
        'renewal_at',
      ],
      sorting: [{ field: 'seats_used', isDescending: true }],
      grouping: { pivot: 'plan', pivotIdentifier: null },
    },
    {
      seedKey: 'churn-risk',
      name: 'Churn risk (beta)',
      description: 'Accounts whose activity is dropping; still being tuned.',
      baseTable: 'accounts',
      // Active this month but silent this week.
      filters: [
        { field: 'events_30d', operator: 'gt', value: 0 },
        { field: 'events_7d', operator: 'eq', value: 0 },
      ],
      columns: ['name', 'plan', 'mrr', 'lifecycle_stage', 'events_30d', 'last_seen_at'],
      sorting: [{ field: 'last_seen_at', isDescending: false }],
      grouping: noGrouping,
      disabled: true,
    },
  ] satisfies Omit<SeedSegment, 'position'>[]
).map((segment, position) => ({ ...segment, position }));

/** Seeds the demo organization's segments through the segments service (idempotent). */
export async function seedDemoSegments(db: Database, orgId: string): Promise<void> {
  await seedSegments(db, orgId, DEMO_SEGMENTS);
}
