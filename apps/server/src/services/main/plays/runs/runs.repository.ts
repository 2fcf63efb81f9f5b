import type { PlayRunCounts, PlayRunStatus } from '@revlane/contracts';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
): Promise<PlayRunItemRecord[]> {
  const claimable = and(
    eq(playRunItems.runId, runId),
    eq(playRunItems.status, 'pending'),
    or(isNull(playRunItems.claimedUntil), lt(playRunItems.claimedUntil, now)),
  );
  const ids = db
    .select({ id: playRunItems.id })
    .from(playRunItems)
    .where(claimable)
    .orderBy(asc(playRunItems.position), asc(playRunItems.recordId))
    .limit(limit);
  return db
    .update(playRunItems)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(playRunItems.id, ids), claimable))
    .returning();
}

export async function finishItem(
  db: Database,
  itemId: string,
  outcome: {
    status: 'succeeded' | 'failed' | 'pending';
    attempts: number;
    error: string | null;
    externalId: string | null;
  },
) {
  await db
    .update(playRunItems)
    .set({
      status: outcome.status,
      attempts: sql`${playRunItems.attempts} + ${outcome.attempts}`,
      error: outcome.error,
      externalId: outcome.externalId,
      claimedUntil: null,
      ...(outcome.status === 'pending' ? {} : { finishedAt: new Date() }),
    })
    .where(eq(playRunItems.id, itemId));
}

/** The run's counts from its items; once none is pending, its final status (ADR 0024). */
export async function settleRun(db: Database, runId: string): Promise<PlayRunStatus> {
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
  return status;
}

/** Runs still running whose items nobody holds (a job lost with a crash): the sweep's list. */
export async function listStrandedRuns(db: Database, now: Date) {
  return db
    .selectDistinct({ runId: playRunItems.runId })
    .from(playRunItems)
    .where(
      and(
        eq(playRunItems.status, 'pending'),
        or(isNull(playRunItems.claimedUntil), lt(playRunItems.claimedUntil, now)),
      ),
    )
    .limit(100);
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
