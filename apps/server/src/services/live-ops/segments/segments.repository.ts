import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { segments } from '../../../platform/database/schema/index.js';

export type SegmentRecord = typeof segments.$inferSelect;
export type NewSegment = Omit<typeof segments.$inferInsert, 'id' | 'orgId'>;

/** The organization's segments in menu order: position first, the name breaks ties. */
export function listSegmentSummaries(db: Database, orgId: string) {
  return db
    .select({ id: segments.id, name: segments.name, disabled: segments.disabled })
    .from(segments)
    .where(eq(segments.orgId, orgId))
    .orderBy(asc(segments.position), asc(segments.name));
}

/**
 * Adds the segments the organization does not have yet (by name) and leaves the existing
 * ones alone, so running it again, or concurrently, changes nothing.
 */
export async function insertMissingSegments(db: Database, orgId: string, rows: NewSegment[]) {
  if (rows.length === 0) return [];
  return db
    .insert(segments)
    .values(rows.map((row) => ({ ...row, orgId })))
    .onConflictDoNothing({ target: [segments.orgId, segments.name] })
    .returning({ id: segments.id, name: segments.name });
}
