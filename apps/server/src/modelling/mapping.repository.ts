import type { MappingBody, SyncStatus } from '@revlane/contracts';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/database/queryable.js';
import { isUuid } from '../platform/database/uuid.js';
import {
  mappingDrafts,
  mappingRuns,
  mappingVersions,
  users,
} from '../platform/database/schema/index.js';

export type MappingRunRecord = typeof mappingRuns.$inferSelect;

export async function findDraft(db: Queryable, orgId: string) {
  const [row] = await db.select().from(mappingDrafts).where(eq(mappingDrafts.orgId, orgId));
  return row;
}

export async function saveDraft(
  db: Queryable,
  orgId: string,
  userId: string,
  mapping: MappingBody,
) {
  await db
    .insert(mappingDrafts)
    .values({ orgId, mapping, updatedBy: userId })
    .onConflictDoUpdate({
      target: mappingDrafts.orgId,
      set: { mapping, updatedBy: userId, updatedAt: sql`now()` },
    });
}

/** Versions newest first, with the publisher's name. */
export function listVersions(db: Queryable, orgId: string, limit = 100) {
  return db
    .select({
      version: mappingVersions.version,
      mapping: mappingVersions.mapping,
      publishedAt: mappingVersions.publishedAt,
      publisherId: users.id,
      publisherName: users.displayName,
    })
    .from(mappingVersions)
    .leftJoin(users, eq(users.id, mappingVersions.publishedBy))
    .where(eq(mappingVersions.orgId, orgId))
    .orderBy(desc(mappingVersions.version))
    .limit(limit);
}

/** The next version number, written in the caller's transaction (the primary key guards it). */
export async function insertVersion(
  db: Queryable,
  orgId: string,
  userId: string,
  mapping: MappingBody,
): Promise<number> {
  const [row] = await db
    .insert(mappingVersions)
    .values({
      orgId,
      mapping,
      publishedBy: userId,
      version: sql`(SELECT coalesce(max(version), 0) + 1 FROM mapping_versions WHERE org_id = ${orgId})`,
    })
    .returning({ version: mappingVersions.version });
  return row!.version;
}

export async function insertRun(db: Queryable, orgId: string, version: number) {
  const [row] = await db.insert(mappingRuns).values({ orgId, version }).returning();
  return row!;
}

export async function findRun(db: Queryable, orgId: string, runId: string) {
  if (!isUuid(runId)) return undefined;
  const [row] = await db
    .select()
    .from(mappingRuns)
    .where(and(eq(mappingRuns.orgId, orgId), eq(mappingRuns.id, runId)));
  return row;
}

/** The organization's newest run, whatever its status. */
export async function findLatestRun(db: Queryable, orgId: string) {
  const [row] = await db
    .select()
    .from(mappingRuns)
    .where(eq(mappingRuns.orgId, orgId))
    .orderBy(desc(mappingRuns.createdAt))
    .limit(1);
  return row;
}

/** queued → running; false when the run was taken already. */
export async function startRun(db: Queryable, runId: string): Promise<boolean> {
  const rows = await db
    .update(mappingRuns)
    .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(mappingRuns.id, runId), eq(mappingRuns.status, 'queued')))
    .returning({ id: mappingRuns.id });
  return rows.length > 0;
}

export async function finishRun(
  db: Queryable,
  runId: string,
  outcome: {
    status: Extract<SyncStatus, 'succeeded' | 'failed'>;
    rowsRead?: number;
    rowsWritten?: number;
    error?: string | null;
  },
) {
  await db
    .update(mappingRuns)
    .set({ ...outcome, error: outcome.error ?? null, finishedAt: sql`now()` })
    .where(and(eq(mappingRuns.id, runId), inArray(mappingRuns.status, ['queued', 'running'])));
}

export async function findVersion(db: Queryable, orgId: string, version: number) {
  const [row] = await db
    .select()
    .from(mappingVersions)
    .where(and(eq(mappingVersions.orgId, orgId), eq(mappingVersions.version, version)));
  return row;
}

/** A running run says it is alive. */
export async function beatRun(db: Queryable, runId: string) {
  await db
    .update(mappingRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(mappingRuns.id, runId), eq(mappingRuns.status, 'running')));
}

/**
 * Runs left "running" by a process that died (heartbeat older than `staleSeconds`) are
 * failed with `error`; the previous canonical tables were never replaced (ADR 0019).
 */
export function failStaleRuns(
  db: Queryable,
  staleSeconds: number,
  error: string,
): Promise<MappingRunRecord[]> {
  const cutoff = sql`now() - make_interval(secs => ${staleSeconds})`;
  return db
    .update(mappingRuns)
    .set({ status: 'failed', error, finishedAt: sql`now()` })
    .where(
      and(
        eq(mappingRuns.status, 'running'),
        or(isNull(mappingRuns.heartbeatAt), lt(mappingRuns.heartbeatAt, cutoff)),
      ),
    )
    .returning();
}
