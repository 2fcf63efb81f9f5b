import type {
  ActivationRecordStatus,
  ActivationRunCounts,
  ActivationRunRecord,
  ActivationRunStatus,
} from '@revlane/contracts';
import { ACTIVATION_RECORDS_PER_PAGE } from '@revlane/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../../platform/database/database.js';
import type { Queryable } from '../../../../platform/database/queryable.js';
import {
  activationRunBatches,
  activationRunRecords,
  activationRuns,
  activations,
} from '../../../../platform/database/schema/index.js';
import { isUniqueViolation } from '../../../../platform/database/unique-violation.js';
import { isUuid } from '../../../../platform/database/uuid.js';
import type { ActivationRunRow } from './run-views.js';

export type ActivationRow = typeof activations.$inferSelect;
export type RunRecordRow = typeof activationRunRecords.$inferSelect;
export type NewRunRecord = Omit<typeof activationRunRecords.$inferInsert, 'runId' | 'orgId'>;
export type RunTrigger = ActivationRunRow['trigger'];

export const ZERO_COUNTS: ActivationRunCounts = {
  added: 0,
  changed: 0,
  removed: 0,
  unchanged: 0,
  failed: 0,
};

const INSERT_CHUNK = 1_000;
/** Records per statement when a plan is written (one JSON parameter each). */
const PLAN_CHUNK = 10_000;

/**
 * Queues a run, or answers null when the activation has one unfinished already (a unique
 * index allows one queued or running run per activation, ADR 0033).
 */
export async function insertRun(
  db: Database,
  run: {
    orgId: string;
    activationId: string;
    trigger: RunTrigger;
    dryRun: boolean;
    retryFailed: boolean;
    createdBy: string | null;
  },
): Promise<string | null> {
  try {
    const [row] = await db
      .insert(activationRuns)
      .values({ ...run, counts: ZERO_COUNTS })
      .returning({ id: activationRuns.id });
    return row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The run and its activation (deleted ones too: a run already planned still settles). */
export async function loadRun(db: Queryable, runId: string) {
  if (!isUuid(runId)) return null;
  const [row] = await db
    .select({ run: activationRuns, activation: activations })
    .from(activationRuns)
    .innerJoin(activations, eq(activations.id, activationRuns.activationId))
    .where(eq(activationRuns.id, runId));
  return row ?? null;
}

export async function markRunning(db: Queryable, runId: string) {
  await db
    .update(activationRuns)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${activationRuns.startedAt}, now())`,
      heartbeatAt: new Date(),
    })
    .where(
      and(eq(activationRuns.id, runId), inArray(activationRuns.status, ['queued', 'running'])),
    );
}

/**
 * Writes the change set in one transaction with the run's `planned_at`, only if nobody
 * planned it meanwhile: a crash while planning leaves nothing, and two workers cannot both
 * plan (ADR 0033). Answers false when the run was planned already.
 */
export async function recordPlan(
  db: Database,
  run: { id: string; orgId: string },
  records: NewRunRecord[],
  batches: number,
  unchanged: number,
  notes: string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(activationRuns)
      .set({
        plannedAt: new Date(),
        planned: records.length,
        counts: { ...ZERO_COUNTS, unchanged },
        notes,
      })
      .where(and(eq(activationRuns.id, run.id), isNull(activationRuns.plannedAt)))
      .returning({ id: activationRuns.id });
    if (claimed.length === 0) return false;
    // One JSON parameter per chunk, unpacked by the database: binding ten parameters per
    // row made a 100,000-record plan take half a minute on PGlite.
    for (let start = 0; start < records.length; start += PLAN_CHUNK) {
      const chunk = JSON.stringify(records.slice(start, start + PLAN_CHUNK));
      await tx.execute(sql`
        INSERT INTO ${activationRunRecords}
          (run_id, org_id, key, change, operation, batch, outcome, hash, values, before,
           destination_id, answer)
        SELECT ${run.id}::uuid, ${run.orgId}::uuid, r.key, r.change, r.operation, r.batch,
          coalesce(r.outcome, 'pending'), r.hash, r.values, r.before, r."destinationId",
          r.answer
        FROM jsonb_to_recordset(${chunk}::jsonb) AS r(key text, change text, operation text,
          batch integer, outcome text, hash text, values jsonb, before jsonb,
          "destinationId" text, answer text)`);
    }
    // Removals answered at plan time (nothing to send) are batch -1, done from the start.
    if (records.some((record) => record.batch === -1))
      await tx
        .insert(activationRunBatches)
        .values({ runId: run.id, batch: -1, doneAt: new Date() });
    for (let start = 0; start < batches; start += INSERT_CHUNK)
      await tx.insert(activationRunBatches).values(
        Array.from({ length: Math.min(INSERT_CHUNK, batches - start) }, (_, index) => ({
          runId: run.id,
          batch: start + index,
        })),
      );
    return true;
  });
}

export interface ClaimedBatch {
  batch: number;
  /** Times it was claimed, this one included: above 1, an earlier send may have landed. */
  claims: number;
  checkpoint: string | null;
}

/**
 * Claims the run's next unfinished batch nobody holds (its lease lapsed, or never claimed),
 * in order; null when none is left to claim now.
 */
export async function claimBatch(
  db: Queryable,
  runId: string,
  leaseMs: number,
): Promise<ClaimedBatch | null> {
  const now = new Date();
  const next = sql`(SELECT batch FROM ${activationRunBatches}
    WHERE run_id = ${runId} AND done_at IS NULL
      AND (claimed_until IS NULL OR claimed_until < ${now.toISOString()}::timestamptz)
    ORDER BY batch LIMIT 1 FOR UPDATE SKIP LOCKED)`;
  const [row] = await db
    .update(activationRunBatches)
    .set({
      claims: sql`${activationRunBatches.claims} + 1`,
      claimedUntil: new Date(now.getTime() + leaseMs),
    })
    .where(and(eq(activationRunBatches.runId, runId), eq(activationRunBatches.batch, next)))
    .returning({
      batch: activationRunBatches.batch,
      claims: activationRunBatches.claims,
      checkpoint: activationRunBatches.checkpoint,
    });
  return row ?? null;
}

/** Whether batches are left unfinished (held by another worker, or waiting for a lease). */
export async function hasUnfinishedBatches(db: Queryable, runId: string): Promise<boolean> {
  const [row] = await db
    .select({ batch: activationRunBatches.batch })
    .from(activationRunBatches)
    .where(and(eq(activationRunBatches.runId, runId), isNull(activationRunBatches.doneAt)))
    .limit(1);
  return row !== undefined;
}

export async function renewBatches(
  db: Queryable,
  runId: string,
  batches: number[],
  leaseMs: number,
) {
  const until = new Date(Date.now() + leaseMs);
  await db
    .update(activationRuns)
    .set({ heartbeatAt: new Date() })
    .where(eq(activationRuns.id, runId));
  if (batches.length === 0) return;
  await db
    .update(activationRunBatches)
    .set({ claimedUntil: until })
    .where(
      and(eq(activationRunBatches.runId, runId), inArray(activationRunBatches.batch, batches)),
    );
}

export async function writeCheckpoint(db: Queryable, runId: string, batch: number, value: string) {
  await db
    .update(activationRunBatches)
    .set({ checkpoint: value })
    .where(and(eq(activationRunBatches.runId, runId), eq(activationRunBatches.batch, batch)));
}

export async function readCheckpoint(db: Queryable, runId: string, batch: number) {
  const [row] = await db
    .select({ checkpoint: activationRunBatches.checkpoint })
    .from(activationRunBatches)
    .where(and(eq(activationRunBatches.runId, runId), eq(activationRunBatches.batch, batch)));
  return row?.checkpoint ?? null;
}

/** The batch's records still waiting for an answer. */
export async function pendingRecords(db: Queryable, runId: string, batch: number) {
  return db
    .select()
    .from(activationRunRecords)
    .where(
      and(
        eq(activationRunRecords.runId, runId),
        eq(activationRunRecords.batch, batch),
        eq(activationRunRecords.outcome, 'pending'),
      ),
    )
    .orderBy(asc(activationRunRecords.key));
}

export interface RecordAnswer {
  key: string;
  outcome: 'succeeded' | 'failed';
  destinationId: string | null;
  answer: string;
}

/**
 * Writes a batch's answers in one statement and marks it done (the batch bounds the rows the
 * statement looks at: by key alone, a 100,000-record run rescanned its whole outbox per batch): the window in which a crash
 * repeats a send is one batch, which the resumed run checks against the destination first.
 */
export async function recordAnswers(
  db: Database,
  runId: string,
  batch: number,
  answers: RecordAnswer[],
) {
  await db.transaction(async (tx) => {
    for (let start = 0; start < answers.length; start += INSERT_CHUNK) {
      const chunk = answers.slice(start, start + INSERT_CHUNK);
      const values = sql.join(
        chunk.map(
          (answer) =>
            sql`(${answer.key}, ${answer.outcome}, ${answer.destinationId}, ${answer.answer})`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE ${activationRunRecords} AS r SET outcome = v.outcome,
          destination_id = coalesce(v.destination_id, r.destination_id), answer = v.answer
        FROM (VALUES ${values}) AS v(key, outcome, destination_id, answer)
        WHERE r.run_id = ${runId} AND r.batch = ${batch} AND r.key = v.key`);
    }
    await tx
      .update(activationRunBatches)
      .set({ doneAt: new Date(), claimedUntil: null })
      .where(and(eq(activationRunBatches.runId, runId), eq(activationRunBatches.batch, batch)));
  });
}

/**
 * The answers of the run's done batches not yet written into the warehouse state, and those
 * batches (the state is written while the run sends, and once more when it settles).
 */
export async function unappliedAnswers(db: Queryable, runId: string) {
  const batches = await db
    .select({ batch: activationRunBatches.batch })
    .from(activationRunBatches)
    .where(
      and(
        eq(activationRunBatches.runId, runId),
        isNotNull(activationRunBatches.doneAt),
        isNull(activationRunBatches.appliedAt),
      ),
    );
  const numbers = batches.map((row) => row.batch);
  if (numbers.length === 0) return { batches: numbers, records: [] };
  const records = await db
    .select({
      key: activationRunRecords.key,
      change: activationRunRecords.change,
      outcome: activationRunRecords.outcome,
      hash: activationRunRecords.hash,
      values: activationRunRecords.values,
      destinationId: activationRunRecords.destinationId,
    })
    .from(activationRunRecords)
    .where(
      and(eq(activationRunRecords.runId, runId), inArray(activationRunRecords.batch, numbers)),
    );
  return { batches: numbers, records };
}

export async function markApplied(db: Queryable, runId: string, batches: number[]) {
  if (batches.length === 0) return;
  await db
    .update(activationRunBatches)
    .set({ appliedAt: new Date() })
    .where(
      and(eq(activationRunBatches.runId, runId), inArray(activationRunBatches.batch, batches)),
    );
}

export async function finishRun(
  db: Queryable,
  runId: string,
  result: { status: ActivationRunStatus; counts: ActivationRunCounts; error: string | null },
) {
  await db
    .update(activationRuns)
    .set({ ...result, finishedAt: new Date(), settledAt: new Date() })
    .where(and(eq(activationRuns.id, runId), isNull(activationRuns.finishedAt)));
}

/** Counts of the run's records by change and outcome. */
export async function countOutcomes(db: Queryable, runId: string) {
  const rows = await db
    .select({
      change: activationRunRecords.change,
      outcome: activationRunRecords.outcome,
      count: sql<number>`count(*)::int`,
    })
    .from(activationRunRecords)
    .where(eq(activationRunRecords.runId, runId))
    .groupBy(activationRunRecords.change, activationRunRecords.outcome);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/**
 * Runs a worker should pick up: queued ones, and running ones whose worker stopped beating
 * (killed, or its job lost) since `staleBefore`.
 */
export async function listResumableRuns(db: Queryable, staleBefore: Date) {
  return db
    .select({ id: activationRuns.id })
    .from(activationRuns)
    .where(
      or(
        and(eq(activationRuns.status, 'queued'), lt(activationRuns.createdAt, staleBefore)),
        and(
          eq(activationRuns.status, 'running'),
          or(isNull(activationRuns.heartbeatAt), lt(activationRuns.heartbeatAt, staleBefore)),
        ),
      ),
    );
}

/** Every unfinished run (at start-up: this process holds none of them yet). */
export async function listUnfinishedRuns(db: Queryable) {
  return db
    .select({ id: activationRuns.id })
    .from(activationRuns)
    .where(inArray(activationRuns.status, ['queued', 'running']));
}

export async function listRuns(db: Queryable, orgId: string, activationId: string, limit = 50) {
  return db
    .select()
    .from(activationRuns)
    .where(and(eq(activationRuns.orgId, orgId), eq(activationRuns.activationId, activationId)))
    .orderBy(desc(activationRuns.createdAt))
    .limit(limit);
}

export async function findRun(db: Queryable, orgId: string, activationId: string, runId: string) {
  if (!isUuid(runId)) return null;
  const [row] = await db
    .select()
    .from(activationRuns)
    .where(
      and(
        eq(activationRuns.orgId, orgId),
        eq(activationRuns.activationId, activationId),
        eq(activationRuns.id, runId),
      ),
    );
  return row ?? null;
}

function statusCondition(status: ActivationRecordStatus | undefined) {
  if (!status) return undefined;
  if (status === 'failed') return eq(activationRunRecords.outcome, 'failed');
  return and(
    eq(activationRunRecords.change, status),
    inArray(activationRunRecords.outcome, ['succeeded', 'planned', 'pending']),
  );
}

/** A page of the run's records, by outcome, in key order. */
export async function listRunRecords(
  db: Queryable,
  runId: string,
  status: ActivationRecordStatus | undefined,
  page: number,
): Promise<{ items: ActivationRunRecord[]; total: number }> {
  const where = and(eq(activationRunRecords.runId, runId), statusCondition(status));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(activationRunRecords)
    .where(where);
  const rows = await db
    .select()
    .from(activationRunRecords)
    .where(where)
    .orderBy(asc(activationRunRecords.key))
    .limit(ACTIVATION_RECORDS_PER_PAGE)
    .offset((page - 1) * ACTIVATION_RECORDS_PER_PAGE);
  return { items: rows.map(toRecordView), total: Number(total) };
}

function toRecordView(row: RunRecordRow): ActivationRunRecord {
  const fields = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.values)])];
  return {
    key: row.key,
    status: row.outcome === 'failed' ? 'failed' : row.change,
    change: row.change,
    outcome: row.outcome,
    sent: fields
      .map((field) => ({
        field,
        before: row.before?.[field] ?? null,
        after: row.values[field] ?? null,
      }))
      .filter((change) => row.change === 'removed' || change.before !== change.after),
    destinationId: row.destinationId,
    answer: row.answer,
  };
}
