import type { Database } from '../../../platform/database/database.js';
import { insertMissingSegments, type NewSegment } from './segments.repository.js';

export type { NewSegment };

/**
 * The segments service's seed function (the demo module calls it): inserts the segments the
 * organization does not have yet. Idempotent: segments that exist (by name) are left as
 * they are, including changes made to them since.
 */
export async function seedSegments(
  db: Database,
  orgId: string,
  segments: readonly NewSegment[],
): Promise<void> {
  await insertMissingSegments(db, orgId, [...segments]);
}
