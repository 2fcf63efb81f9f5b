import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/database/queryable.js';
import { isUuid } from '../../platform/database/uuid.js';
import { sources, sourceSyncs } from '../../platform/database/schema/index.js';

export type SourceRecord = typeof sources.$inferSelect;
export type NewSource = typeof sources.$inferInsert;
export type SourceChanges = Partial<
  Pick<SourceRecord, 'name' | 'config' | 'sealedSecrets' | 'selectedTables' | 'schedule' | 'landed'>
>;

/** Every statement names the organization: a source id alone never reaches another org's row. */
const byOrgAndId = (orgId: string, sourceId: string) =>
  and(eq(sources.orgId, orgId), eq(sources.id, sourceId));

export async function insertSource(db: Queryable, source: NewSource): Promise<SourceRecord> {
  const [row] = await db.insert(sources).values(source).returning();
  return row!;
}

export function listSources(db: Queryable, orgId: string): Promise<SourceRecord[]> {
  return db
    .select()
    .from(sources)
    .where(eq(sources.orgId, orgId))
    .orderBy(sources.name, sources.id);
}

/** A malformed id finds nothing (instead of a database type error). */
export async function findSource(
  db: Queryable,
  orgId: string,
  sourceId: string,
): Promise<SourceRecord | undefined> {
  if (!isUuid(sourceId)) return undefined;
  const [row] = await db.select().from(sources).where(byOrgAndId(orgId, sourceId));
  return row;
}

export async function updateSource(
  db: Queryable,
  orgId: string,
  sourceId: string,
  changes: SourceChanges,
): Promise<SourceRecord | undefined> {
  const [row] = await db
    .update(sources)
    .set(changes)
    .where(byOrgAndId(orgId, sourceId))
    .returning();
  return row;
}

export async function deleteSource(db: Queryable, orgId: string, sourceId: string) {
  await db.delete(sources).where(byOrgAndId(orgId, sourceId));
}

/** The newest run of each of the organization's sources (cards show it). */
export async function latestSyncsOf(db: Queryable, orgId: string) {
  const rows = await db
    .selectDistinctOn([sourceSyncs.sourceId])
    .from(sourceSyncs)
    .where(eq(sourceSyncs.orgId, orgId))
    .orderBy(sourceSyncs.sourceId, desc(sourceSyncs.createdAt));
  return new Map(rows.map((row) => [row.sourceId, row]));
}
