import type { Database } from '../../platform/database/database.js';
import { insertMissingSegments, type NewSegment } from './segments/segments.repository.js';

/** What the demo organization's menu lists until its data arrives with the data plane. */
const DEMO_SEGMENTS: NewSegment[] = (
  [
    {
      name: 'All accounts',
      description: 'Every account with product usage.',
      baseTable: 'accounts',
    },
    {
      name: 'Product-qualified accounts',
      description: 'Accounts whose usage says they are ready for a sales conversation.',
      baseTable: 'accounts',
    },
    {
      name: 'Active users',
      description: 'Users active in the product during the last 7 days.',
      baseTable: 'users',
    },
    {
      name: 'Expansion candidates',
      description: 'Paying accounts close to their plan limits.',
      baseTable: 'accounts',
    },
    {
      name: 'Churn risk (beta)',
      description: 'Accounts whose activity is dropping; still being tuned.',
      baseTable: 'accounts',
      disabled: true,
    },
  ] satisfies Omit<NewSegment, 'position'>[]
).map((segment, position) => ({ ...segment, position }));

/**
 * Seeds the demo organization's segments. Idempotent: segments that exist (by name) are
 * left as they are, including changes made to them since.
 */
export async function seedDemoSegments(db: Database, orgId: string): Promise<void> {
  await insertMissingSegments(db, orgId, DEMO_SEGMENTS);
}
