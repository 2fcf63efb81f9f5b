import type { Database } from '../platform/database/database.js';
import { listSeededSegments, seedSegments } from '../services/live-ops/index.js';

/**
 * The menu an organization gets with its first published mapping, when it has none: every
 * account and every user (docs/product.md's segments start from a base table). The demo's
 * menu keeps its own segments (it already has seeded ones).
 */
const MAPPED_SEGMENTS = [
  {
    seedKey: 'all-accounts',
    name: 'All accounts',
    description: 'Every account, with its product usage.',
    baseTable: 'accounts' as const,
    position: 0,
  },
  {
    seedKey: 'all-users',
    name: 'All users',
    description: 'Every user (contact), with their account and product usage.',
    baseTable: 'users' as const,
    position: 1,
  },
];

export async function seedMappedSegments(db: Database, orgId: string): Promise<void> {
  if ((await listSeededSegments(db, orgId)).length > 0) return;
  await seedSegments(db, orgId, MAPPED_SEGMENTS);
}
