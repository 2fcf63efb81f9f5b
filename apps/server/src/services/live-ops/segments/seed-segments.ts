import type { Database } from '../../../platform/database/database.js';
import {
  insertMissingSegments,
  listSeededSegments,
  type NewSegment,
} from './segments.repository.js';

/** A segment to seed: `seedKey` is its stable identity, whatever it is renamed to later. */
export type SeedSegment = NewSegment & { seedKey: string };

export { listSeededSegments };

/**
 * The segments service's seed function (the demo module calls it): inserts the segments whose
 * seed key the organization does not have yet. Idempotent by key, never by name: segments
 * that exist are left as they are, including a new name or settings given since.
 */
export async function seedSegments(
  db: Database,
  orgId: string,
  segments: readonly SeedSegment[],
): Promise<void> {
  await insertMissingSegments(db, orgId, [...segments]);
}
