import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../platform/database/uuid.js';
import type { Database } from '../../../platform/database/database.js';
import { files } from '../../../platform/database/schema/index.js';

export type FileRecord = typeof files.$inferSelect;

export async function insertFile(db: Database, values: typeof files.$inferInsert) {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('The file record was not stored');
  return row;
}

/**
 * Deliberately not scoped by organization: a file's URL is its capability (ADR 0005), so
 * whoever holds the unguessable id may read the bytes. Nothing else uses this lookup.
 */
export async function findFileByCapability(
  db: Database,
  fileId: string,
): Promise<FileRecord | undefined> {
  // A malformed id cannot name a file, and PostgreSQL would reject it as a uuid.
  if (!isUuid(fileId)) return undefined;
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  return row;
}

/** A file of this organization, or undefined (also for another organization's file). */
export async function findOrganizationFile(
  db: Database,
  orgId: string,
  fileId: string,
): Promise<FileRecord | undefined> {
  if (!isUuid(fileId)) return undefined;
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.orgId, orgId), eq(files.id, fileId)));
  return row;
}
