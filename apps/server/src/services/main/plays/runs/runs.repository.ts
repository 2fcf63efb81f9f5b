import type { PlayRunCounts, PlayRunStatus } from '@revlane/contracts';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../../platform/database/database.js';
import type { Queryable } from '../../../../platform/database/queryable.js';
import { playRunItems, playRuns, plays } from '../../../../platform/database/schema/index.js';
import { isUuid } from '../../../../platform/database/uuid.js';

export type PlayRunItemRecord = typeof playRunItems.$inferSelect;
export type NewPlayRunItem = Omit<typeof playRunItems.$inferInsert, 'runId'>;

/** The play's window moves from `from` (null: never looked) to `to` (ADR 0024). */
export interface RunStep {
  orgId: string;
  playId: string;
  from: Date | null;
  to: Date;
  trigger: 'cohort_entered' | 'schedule';
  /** A schedule's next time, moved on with the window. */
  nextRunAt?: Date | null;
}

const INSERT_CHUNK = 1_000;

/**
 * One transaction: moves the play's window on, only if nobody did meanwhile (compare-and-set
 * on `evaluated_at`), and writes the run with one item per record and action, the outbox.
 * Answers the run's id, or null when another evaluation won or there is nothing to do.
 */
export async function recordRun(
  db: Database,
  step: RunStep,
  items: NewPlayRunItem[],
  records: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(plays)
      .set({
        evaluatedAt: step.to,
        ...(step.nextRunAt === undefined ? {} : { nextRunAt: step.nextRunAt }),
      })
      .where(
        and(
          eq(plays.orgId, step.orgId),
          eq(plays.id, step.playId),
          isNull(plays.deletedAt),
          step.from ? eq(plays.evaluatedAt, step.from) : isNull(plays.evaluatedAt),
        ),
      )
      .returning({ id: plays.id });
    if (moved.length === 0 || items.length === 0) return null;
    const [run] = await tx
      .insert(playRuns)
      .values({
        orgId: step.orgId,
        playId: step.playId,
        trigger: step.trigger,
        windowEnd: step.to,
        counts: { records, succeeded: 0, failed: 0, pending: items.length },
      })
      .onConflictDoNothing()
      .returning({ id: playRuns.id });
    if (!run) return null;
    for (let start = 0; start < items.length; start += INSERT_CHUNK) {
      await tx
        .insert(playRunItems)
        .values(
          items.slice(start, start + INSERT_CHUNK).map((item) => ({ ...item, runId: run.id })),
        )
        .onConflictDoNothing();
    }
    return run.id;
  });
}

/** Records the play has acted on before (`reentry: once`). */
export async function listActedRecordIds(
  db: Queryable,
  playId: string,
  recordIds: string[],
): Promise<Set<string>> {
  const acted = new Set<string>();
  for (let start = 0; start < recordIds.length; start += INSERT_CHUNK) {
    const rows = await db
      .selectDistinct({ recordId: playRunItems.recordId })
      .from(playRunItems)
      .where(
        and(
          eq(playRunItems.playId, playId),
          inArray(playRunItems.recordId, recordIds.slice(start, start + INSERT_CHUNK)),
        ),
      );
    for (const row of rows) acted.add(row.recordId);
  }
  return acted;
}

/** A claimed item; `claimedBefore`: a worker held it and never recorded an answer (killed). */
export type ClaimedItem = PlayRunItemRecord & { claimedBefore: boolean };

/**
 * Takes up to `limit` pending items of the run for `leaseMs`: one worker sends an item at a
 * time; a worker killed mid-send leaves a lease that runs out, and the next job takes it.
 */
export async function claimItems(
  db: Database,
  runId: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedItem[]> {
  const claimable = and(
    eq(playRunItems.runId, runId),
    eq(playRunItems.status, 'pending'),
    or(isNull(playRunItems.claimedUntil), lt(playRunItems.claimedUntil, now)),
    or(isNull(playRunItems.nextAttemptAt), lte(playRunItems.nextAttemptAt, now)),
  );
  const candidates = await db
    .select({ id: playRunItems.id, claimedUntil: playRunItems.claimedUntil })
    .from(playRunItems)
    .where(claimable)
    .orderBy(asc(playRunItems.position), asc(playRunItems.recordId))
    .limit(limit);
  if (candidates.length === 0) return [];
  const held = new Set(candidates.filter((c) => c.claimedUntil !== null).map((c) => c.id));
  const claimed = await db
    .update(playRunItems)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        inArray(
          playRunItems.id,
          candidates.map((c) => c.id),
        ),
        claimable,
      ),
    )
    .returning();
  return claimed
    .map((item) => ({ ...item, claimedBefore: held.has(item.id) }))
    .sort((a, b) => a.position - b.position || a.recordId.localeCompare(b.recordId));
}

/** Moves the lease of the items still pending among `itemIds` on to `until` (a live worker). */
export async function renewClaims(db: Database, itemIds: string[], until: Date) {
  if (itemIds.length === 0) return;
  await db
    .update(playRunItems)
    .set({ claimedUntil: until })
    .where(and(inArray(playRunItems.id, itemIds), eq(playRunItems.status, 'pending')));
}

export interface ItemOutcome {
  id: string;
  status: 'succeeded' | 'failed' | 'pending';
  /** Tries made now, added to the item's count. */
  attempts: number;
  error: string | null;
  externalId: string | null;
  /** A pending item's next try (`DELIVERY_RETRY_SCHEDULE`); null otherwise. */
  nextAttemptAt: Date | null;
}

/**
 * When the run's next pending item can be tried: the later of its next attempt and the end
 * of another worker's claim on it (null: nothing pending).
 */
export async function nextDueAt(db: Database, runId: string): Promise<Date | null> {
  const [row] = await db
    .select({
      due: sql<
        string | null
      >`min(greatest(coalesce(${playRunItems.nextAttemptAt}, now()), coalesce(${playRunItems.claimedUntil}, now())))`,
    })
    .from(playRunItems)
    .where(and(eq(playRunItems.runId, runId), eq(playRunItems.status, 'pending')));
  return row?.due ? new Date(row.due) : null;
}

/**
 * Records the answers of many items in one statement (ADR 0024: one round trip per batch
 * instead of one per item, which bounded a run's rate on PGlite). A `pending` item is let go
 * for a later try; the others are finished.
 */
export async function finishItems(db: Database, outcomes: ItemOutcome[]) {
  if (outcomes.length === 0) return;
  const rows = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.id}::uuid, ${o.status}::text, ${o.attempts}::int, ${o.error}::text, ${o.externalId}::text, ${o.nextAttemptAt?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE play_run_items AS item
       SET status = given.status,
           attempts = item.attempts + given.attempts,
           error = given.error,
           external_id = given.external_id,
           claimed_until = NULL,
           next_attempt_at = given.next_attempt_at,
           finished_at = CASE WHEN given.status = 'pending' THEN item.finished_at ELSE now() END
      FROM (VALUES ${rows}) AS given(id, status, attempts, error, external_id, next_attempt_at)
     WHERE item.id = given.id`);
}

/**
 * The run's counts from its items; once none is pending, its final status (ADR 0024).
 * `settled` says the run was running until now (a first settle, or one after a resend).
 */
export async function settleRun(
  db: Database,
  runId: string,
): Promise<{ status: PlayRunStatus; counts: PlayRunCounts; settled: boolean }> {
  const rows = await db
    .select({ status: playRunItems.status, count: sql<number>`count(*)::int` })
    .from(playRunItems)
    .where(eq(playRunItems.runId, runId))
    .groupBy(playRunItems.status);
  const countOf = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  const [run] = await db.select().from(playRuns).where(eq(playRuns.id, runId));
  const counts: PlayRunCounts = {
    records: run?.counts.records ?? 0,
    succeeded: countOf('succeeded'),
    failed: countOf('failed'),
    pending: countOf('pending'),
  };
  const status: PlayRunStatus =
    counts.pending > 0
      ? 'running'
      : counts.failed === 0
        ? 'succeeded'
        : counts.succeeded === 0
          ? 'failed'
          : 'partial';
  await db
    .update(playRuns)
    .set({ counts, status, ...(status === 'running' ? {} : { finishedAt: new Date() }) })
    .where(eq(playRuns.id, runId));
  return { status, counts, settled: run?.status === 'running' && status !== 'running' };
}

/** The first failed item's error (by record and position), for the admins' notice. */
export async function firstFailure(db: Database, runId: string): Promise<string> {
  const [row] = await db
    .select({ error: playRunItems.error })
    .from(playRunItems)
    .where(and(eq(playRunItems.runId, runId), eq(playRunItems.status, 'failed')))
    .orderBy(asc(playRunItems.recordId), asc(playRunItems.position))
    .limit(1);
  return row?.error ?? 'unknown error';
}

/** Runs with pending items, held or not: at start-up, those a killed process left behind. */
export async function listUnfinishedRuns(db: Database) {
  return db
    .selectDistinct({ runId: playRunItems.runId })
    .from(playRunItems)
    .where(eq(playRunItems.status, 'pending'))
    .limit(100);
}

/**
 * Runs with items due that nobody holds (a retry whose time came, or a job lost with a
 * crash): the minute's tick queues them.
 */
export async function listStrandedRuns(db: Database, now: Date) {
  return db
    .selectDistinct({ runId: playRunItems.runId })
    .from(playRunItems)
    .where(
      and(
        eq(playRunItems.status, 'pending'),
        or(isNull(playRunItems.claimedUntil), lt(playRunItems.claimedUntil, now)),
        or(isNull(playRunItems.nextAttemptAt), lte(playRunItems.nextAttemptAt, now)),
      ),
    )
    .limit(100);
}

/**
 * Resend (`POST plays/{id}/runs/{runId}/resend`): the run's failed items pending again, due
 * now, with the whole retry schedule before them, each keeping its idempotency key so a
 * receiver that got it recognises it (its last error stays: it was tried before). Answers
 * how many; the run is `running` again until they are settled.
 */
export async function resendFailedItems(db: Database, orgId: string, runId: string) {
  return db.transaction(async (tx) => {
    const resent = await tx
      .update(playRunItems)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: null,
        claimedUntil: null,
        finishedAt: null,
      })
      .where(
        and(
          eq(playRunItems.orgId, orgId),
          eq(playRunItems.runId, runId),
          eq(playRunItems.status, 'failed'),
        ),
      )
      .returning({ id: playRunItems.id });
    if (resent.length > 0)
      await tx
        .update(playRuns)
        .set({ status: 'running', finishedAt: null })
        .where(and(eq(playRuns.orgId, orgId), eq(playRuns.id, runId)));
    return resent.length;
  });
}

export function listPlayRuns(db: Queryable, orgId: string, playId: string) {
  return db
    .select()
    .from(playRuns)
    .where(and(eq(playRuns.orgId, orgId), eq(playRuns.playId, playId)))
    .orderBy(desc(playRuns.startedAt), desc(playRuns.windowEnd))
    .limit(200);
}

export async function findPlayRun(db: Queryable, orgId: string, playId: string, runId: string) {
  if (!isUuid(runId)) return undefined;
  const [run] = await db
    .select()
    .from(playRuns)
    .where(and(eq(playRuns.orgId, orgId), eq(playRuns.playId, playId), eq(playRuns.id, runId)));
  return run;
}

export function listRunItems(db: Queryable, orgId: string, runId: string) {
  return db
    .select()
    .from(playRunItems)
    .where(and(eq(playRunItems.orgId, orgId), eq(playRunItems.runId, runId)))
    .orderBy(asc(playRunItems.recordId), asc(playRunItems.position))
    .limit(10_000);
}
