import type { BaseTable } from '@revlane/contracts';
import { and, asc, desc, eq, isNull, max, ne } from 'drizzle-orm';
import type { Queryable } from '../../../platform/database/queryable.js';
import { isUuid } from '../../../platform/database/uuid.js';
import { scores, scoreVersions, users } from '../../../platform/database/schema/index.js';
import { changedByColumns } from '../changed-by.js';

export type ScoreRow = typeof scores.$inferSelect;
export type NewScore = Pick<
  typeof scores.$inferInsert,
  'orgId' | 'name' | 'slug' | 'baseTable' | 'fit' | 'behaviour' | 'grades' | 'createdBy' | 'seedKey'
>;
export type ScoreChanges = Partial<Pick<ScoreRow, 'name' | 'fit' | 'behaviour' | 'grades'>>;

/** Every statement names the organization, and only live scores are found (ADR 0006). */
const liveOfOrg = (orgId: string) => and(eq(scores.orgId, orgId), isNull(scores.deletedAt));
const byOrgAndId = (orgId: string, scoreId: string) =>
  and(liveOfOrg(orgId), eq(scores.id, scoreId));

/** The organization's live scores by name; of one base table when `table` is given. */
export function listOrgScores(db: Queryable, orgId: string, table?: BaseTable) {
  return db
    .select()
    .from(scores)
    .where(and(liveOfOrg(orgId), table ? eq(scores.baseTable, table) : undefined))
    .orderBy(asc(scores.name), asc(scores.id));
}

/** A malformed id finds nothing (instead of a database type error), like cohorts. */
export async function findScore(
  db: Queryable,
  orgId: string,
  scoreId: string,
): Promise<ScoreRow | undefined> {
  if (!isUuid(scoreId)) return undefined;
  const [row] = await db.select().from(scores).where(byOrgAndId(orgId, scoreId));
  return row;
}

/** Locks the score's row for a change, so its versions are numbered one at a time. */
export async function lockScore(db: Queryable, orgId: string, scoreId: string) {
  if (!isUuid(scoreId)) return undefined;
  const [row] = await db.select().from(scores).where(byOrgAndId(orgId, scoreId)).for('update');
  return row;
}

export async function isScoreNameTaken(
  db: Queryable,
  orgId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: scores.id })
    .from(scores)
    .where(
      and(liveOfOrg(orgId), eq(scores.name, name), exceptId ? ne(scores.id, exceptId) : undefined),
    );
  return rows.length > 0;
}

/** Every slug the organization ever gave a score (deleted ones too: their columns stay theirs). */
export async function listOrgSlugs(db: Queryable, orgId: string): Promise<string[]> {
  const rows = await db.select({ slug: scores.slug }).from(scores).where(eq(scores.orgId, orgId));
  return rows.map((row) => row.slug);
}

export async function insertScore(db: Queryable, values: NewScore): Promise<ScoreRow> {
  const [row] = await db.insert(scores).values(values).returning();
  return row!;
}

/** Inserts the score unless the organization has one of that seed key or name (seeding). */
export async function insertScoreIfMissing(db: Queryable, values: NewScore) {
  const [row] = await db.insert(scores).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateScore(
  db: Queryable,
  orgId: string,
  scoreId: string,
  changes: ScoreChanges & { version: number },
): Promise<ScoreRow | undefined> {
  const [row] = await db.update(scores).set(changes).where(byOrgAndId(orgId, scoreId)).returning();
  return row;
}

/** A soft delete: the row and its versions stay, its name is free again. */
export async function softDeleteScore(db: Queryable, orgId: string, scoreId: string) {
  await db.update(scores).set({ deletedAt: new Date() }).where(byOrgAndId(orgId, scoreId));
}

/** Appends a version from the score's row as it now is (callers hold its lock or inserted it). */
export async function insertScoreVersion(db: Queryable, row: ScoreRow, changedBy: string | null) {
  const [latest] = await db
    .select({ version: max(scoreVersions.version) })
    .from(scoreVersions)
    .where(eq(scoreVersions.scoreId, row.id));
  await db.insert(scoreVersions).values({
    scoreId: row.id,
    version: (latest?.version ?? 0) + 1,
    orgId: row.orgId,
    changedBy,
    name: row.name,
    fit: row.fit,
    behaviour: row.behaviour,
    grades: row.grades,
  });
}

/** The score's versions, newest first, with who made each (null once the user is deleted). */
export function listScoreVersions(db: Queryable, orgId: string, scoreId: string) {
  return db
    .select({
      version: scoreVersions.version,
      changedAt: scoreVersions.changedAt,
      ...changedByColumns,
      name: scoreVersions.name,
      fit: scoreVersions.fit,
      behaviour: scoreVersions.behaviour,
      grades: scoreVersions.grades,
    })
    .from(scoreVersions)
    .leftJoin(users, eq(users.id, scoreVersions.changedBy))
    .where(and(eq(scoreVersions.orgId, orgId), eq(scoreVersions.scoreId, scoreId)))
    .orderBy(desc(scoreVersions.version));
}
export type ScoreVersionRow = Awaited<ReturnType<typeof listScoreVersions>>[number];

/** Organizations with live scores (start-up writes their definitions to their warehouses). */
export async function listOrgsWithScores(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ orgId: scores.orgId })
    .from(scores)
    .where(isNull(scores.deletedAt));
  return rows.map((row) => row.orgId);
}
