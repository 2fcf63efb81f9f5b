import type { SyncStatus, SyncTableReport } from '@revlane/contracts';
import { and, desc, eq, inArray, lt, or, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database/queryable.js';
import { isUuid } from '../../platform/database/uuid.js';
import { sourceSyncs } from '../../platform/database/schema/index.js';

export type SyncRecord = typeof sourceSyncs.$inferSelect;

const ACTIVE: SyncStatus[] = ['queued', 'running'];
const byOrgAndId = (orgId: string, syncId: string) =>
  and(eq(sourceSyncs.orgId, orgId), eq(sourceSyncs.id, syncId));

/**
 * A new queued run, or undefined when the source already has a queued or running one: the
 * partial unique index `source_syncs_one_active_idx` decides, so concurrent requests cannot
 * both insert.
 */
export async function insertSyncUnlessActive(
  db: Queryable,
  orgId: string,
  sourceId: string,
): Promise<SyncRecord | undefined> {
  const [row] = await db
    .insert(sourceSyncs)
    .values({ orgId, sourceId })
    .onConflictDoNothing({
      target: sourceSyncs.sourceId,
      // The index's own predicate, spelled as literals so PostgreSQL infers the index.
      where: sql.raw(`"status" in ('queued', 'running')`),
    })
    .returning();
  return row;
}

export async function findSync(
  db: Queryable,
  orgId: string,
  syncId: string,
): Promise<SyncRecord | undefined> {
  if (!isUuid(syncId)) return undefined;
  const [row] = await db.select().from(sourceSyncs).where(byOrgAndId(orgId, syncId));
  return row;
}

/** The job's own read: the job payload carries both ids and the row must match both. */
export const findSyncForJob = findSync;

export function listSourceSyncs(
  db: Queryable,
  orgId: string,
  sourceId: string,
  limit = 50,
): Promise<SyncRecord[]> {
  return db
    .select()
    .from(sourceSyncs)
    .where(and(eq(sourceSyncs.orgId, orgId), eq(sourceSyncs.sourceId, sourceId)))
    .orderBy(desc(sourceSyncs.createdAt))
    .limit(limit);
}

/** A run still queued or running for the source (one at a time per source). */
export async function activeSyncOf(
  db: Queryable,
  orgId: string,
  sourceId: string,
): Promise<SyncRecord | undefined> {
  const [row] = await db
    .select()
    .from(sourceSyncs)
    .where(
      and(
        eq(sourceSyncs.orgId, orgId),
        eq(sourceSyncs.sourceId, sourceId),
        inArray(sourceSyncs.status, ACTIVE),
      ),
    )
    .limit(1);
  return row;
}

/** queued → running; false when the run is no longer queued (cancelled, or already taken). */
export async function startSync(db: Queryable, syncId: string): Promise<boolean> {
  const rows = await db
    .update(sourceSyncs)
    .set({ status: 'running', startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(sourceSyncs.id, syncId), eq(sourceSyncs.status, 'queued')))
    .returning({ id: sourceSyncs.id });
  return rows.length > 0;
}

/** Progress of a running run; answers whether a cancel was asked for meanwhile. */
export async function reportProgress(
  db: Queryable,
  syncId: string,
  progress: { rowsRead: number; rowsWritten: number; tables: SyncTableReport[] },
): Promise<{ cancelRequested: boolean }> {
  const [row] = await db
    .update(sourceSyncs)
    .set({ ...progress, heartbeatAt: sql`now()` })
    .where(and(eq(sourceSyncs.id, syncId), eq(sourceSyncs.status, 'running')))
    .returning({ cancelRequested: sourceSyncs.cancelRequested });
  return { cancelRequested: row?.cancelRequested ?? true };
}

export async function finishSync(
  db: Queryable,
  syncId: string,
  outcome: {
    status: Extract<SyncStatus, 'succeeded' | 'failed' | 'cancelled'>;
    error?: string | null;
    rowsRead?: number;
    rowsWritten?: number;
    tables?: SyncTableReport[];
  },
): Promise<void> {
  await db
    .update(sourceSyncs)
    .set({ ...outcome, error: outcome.error ?? null, finishedAt: sql`now()` })
    .where(and(eq(sourceSyncs.id, syncId), inArray(sourceSyncs.status, ACTIVE)));
}

/**
 * Asks a run to stop: a queued run is cancelled at once; a running one is flagged, and its
 * worker stops at the next batch and leaves the previous data in place.
 */
export async function requestCancel(db: Queryable, orgId: string, syncId: string) {
  await db
    .update(sourceSyncs)
    .set({ status: 'cancelled', finishedAt: sql`now()`, cancelRequested: true })
    .where(and(byOrgAndId(orgId, syncId), eq(sourceSyncs.status, 'queued')));
  await db
    .update(sourceSyncs)
    .set({ cancelRequested: true })
    .where(and(byOrgAndId(orgId, syncId), eq(sourceSyncs.status, 'running')));
}

/**
 * Runs left "running" by a process that died: their heartbeat is older than `staleSeconds`.
 * They are failed (the previous data was never replaced), and answered for their scratch
 * tables to be dropped.
 */
export async function failStaleSyncs(
  db: Queryable,
  staleSeconds: number,
  error: string,
): Promise<SyncRecord[]> {
  const cutoff = sql`now() - make_interval(secs => ${staleSeconds})`;
  return db
    .update(sourceSyncs)
    .set({ status: 'failed', error, finishedAt: sql`now()` })
    .where(
      and(
        eq(sourceSyncs.status, 'running'),
        or(isNull(sourceSyncs.heartbeatAt), lt(sourceSyncs.heartbeatAt, cutoff)),
      ),
    )
    .returning();
}

/**
 * Queued runs older than `ageSeconds`: their job may have been lost with a killed process;
 * the sweep sends it again (keyed by the run, so a job still waiting is not doubled).
 */
export function listOldQueuedSyncs(db: Queryable, ageSeconds: number): Promise<SyncRecord[]> {
  return db
    .select()
    .from(sourceSyncs)
    .where(
      and(
        eq(sourceSyncs.status, 'queued'),
        lt(sourceSyncs.createdAt, sql`now() - make_interval(secs => ${ageSeconds})`),
      ),
    );
}

/** running → queued again before a retry, with the error that caused it. */
export async function markRetrying(db: Queryable, syncId: string, error: string) {
  await db
    .update(sourceSyncs)
    .set({ status: 'queued', error, heartbeatAt: null })
    .where(and(eq(sourceSyncs.id, syncId), eq(sourceSyncs.status, 'running')));
}
