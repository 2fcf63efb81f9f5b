import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/database/queryable.js';
import type { Database } from '../../../platform/database/database.js';
import { cohorts, segments } from '../../../platform/database/schema/index.js';
import { isUuid } from '../../../platform/database/uuid.js';

export type SegmentRecord = typeof segments.$inferSelect;
export type NewSegment = Omit<typeof segments.$inferInsert, 'id' | 'orgId'>;
export type SegmentChanges = Partial<
  Pick<
    NewSegment,
    'name' | 'description' | 'disabled' | 'filters' | 'columns' | 'grouping' | 'sorting'
  >
>;

/** Every statement names the organization too: an id alone never reaches another org's row. */
const byOrgAndId = (orgId: string, segmentId: string) =>
  and(eq(segments.orgId, orgId), eq(segments.id, segmentId));

/** The organization's segments in menu order: position first, the name breaks ties. */
export function listSegmentSummaries(db: Database, orgId: string) {
  return db
    .select({ id: segments.id, name: segments.name, disabled: segments.disabled })
    .from(segments)
    .where(eq(segments.orgId, orgId))
    .orderBy(asc(segments.position), asc(segments.name));
}

/** A malformed id finds nothing (instead of a database type error). */
export async function findSegment(db: Database, orgId: string, segmentId: string) {
  if (!isUuid(segmentId)) return undefined;
  const [row] = await db.select().from(segments).where(byOrgAndId(orgId, segmentId));
  return row;
}

/** The row, locked until the transaction ends: a definition change and its version agree. */
export async function lockSegment(db: Queryable, orgId: string, segmentId: string) {
  if (!isUuid(segmentId)) return undefined;
  const [row] = await db.select().from(segments).where(byOrgAndId(orgId, segmentId)).for('update');
  return row;
}

/** Whether another segment of the organization (not `exceptId`, when renaming it) has the name. */
export async function isSegmentNameTaken(
  db: Database,
  orgId: string,
  name: string,
  exceptId?: string,
) {
  const rows = await db
    .select({ id: segments.id })
    .from(segments)
    .where(
      and(
        eq(segments.orgId, orgId),
        eq(segments.name, name),
        exceptId === undefined ? undefined : ne(segments.id, exceptId),
      ),
    );
  return rows.length > 0;
}

export async function updateSegment(
  db: Queryable,
  orgId: string,
  segmentId: string,
  changes: SegmentChanges,
): Promise<SegmentRecord | undefined> {
  const [row] = await db
    .update(segments)
    .set(changes)
    .where(byOrgAndId(orgId, segmentId))
    .returning();
  return row;
}

/** A new segment of the organization, last in the menu. */
export async function insertSegment(
  db: Queryable,
  orgId: string,
  segment: Pick<NewSegment, 'name' | 'baseTable' | 'filters'>,
): Promise<SegmentRecord> {
  const [row] = await db
    .insert(segments)
    .values({
      ...segment,
      orgId,
      position: sql`(select coalesce(max(${segments.position}), 0) + 1 from ${segments} where ${segments.orgId} = ${orgId})`,
    })
    .returning();
  return row!;
}

/** Whether any cohort is defined over the segment (read inside the delete's transaction). */
export async function hasCohorts(db: Queryable, orgId: string, segmentId: string) {
  const rows = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(and(eq(cohorts.orgId, orgId), eq(cohorts.segmentId, segmentId)))
    .limit(1);
  return rows.length > 0;
}

/** Deletes the row; its versions and export tickets go with it (foreign keys cascade). */
export async function deleteSegment(db: Queryable, orgId: string, segmentId: string) {
  await db.delete(segments).where(byOrgAndId(orgId, segmentId));
}

/**
 * Adds the segments the organization does not have yet and leaves the existing ones alone: a
 * row whose seed key, or name, the organization already has is skipped, so running it again,
 * or concurrently, changes nothing.
 */
export async function insertMissingSegments(db: Database, orgId: string, rows: NewSegment[]) {
  if (rows.length === 0) return [];
  return db
    .insert(segments)
    .values(rows.map((row) => ({ ...row, orgId })))
    .onConflictDoNothing()
    .returning({ id: segments.id, name: segments.name });
}

/** The organization's seeded segments (those with a seed key), for seeding what they hold. */
export async function listSeededSegments(db: Database, orgId: string) {
  const rows = await db
    .select({ id: segments.id, seedKey: segments.seedKey, disabled: segments.disabled })
    .from(segments)
    .where(and(eq(segments.orgId, orgId), isNotNull(segments.seedKey)));
  return rows.map((row) => ({ ...row, seedKey: row.seedKey! }));
}
