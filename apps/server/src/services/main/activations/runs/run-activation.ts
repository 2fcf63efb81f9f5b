import type {
  ActivationProvider,
  ActivationRunCounts,
  ActivationRunStatus,
  BaseTable,
} from '@revlane/contracts';
import type { FastifyBaseLogger } from 'fastify';
import {
  DestinationRetry,
  type Destination,
  type DestinationContext,
  type RequestLimit,
} from '../../../../integrations/index.js';
import type { Database } from '../../../../platform/database/database.js';
import type { Pacer } from '../../../../platform/pacing/index.js';
import {
  recordActivationOutcomes,
  type OrgCatalogue,
  type Warehouse,
} from '../../../../warehouse/index.js';
import { BudgetSpent, providerLane, readBudget, spendCall } from './pacer.js';
import { PlanError, planRun } from './plan-run.js';
import {
  claimBatch,
  countOutcomes,
  finishRun,
  hasUnfinishedBatches,
  loadRun,
  markApplied,
  markRunning,
  pendingRecords,
  readCheckpoint,
  recordAnswers,
  recordPlan,
  renewBatches,
  writeCheckpoint,
  ZERO_COUNTS,
  type ActivationRow,
  type ClaimedBatch,
  type RecordAnswer,
  type RunRecordRow,
  unappliedAnswers,
} from './runs.repository.js';
import { sameValue } from './same-value.js';

export interface ActivationRunDeps {
  db: Database;
  warehouse: Warehouse;
  log: FastifyBaseLogger;
  catalogueOf: (orgId: string) => Promise<OrgCatalogue>;
  cohortTableOf: (orgId: string, cohortId: string) => Promise<BaseTable | null>;
  destinationOf: (provider: ActivationProvider) => Destination;
  /** A batch's claim lasts this long, renewed every third of it while the batch is sent. */
  leaseMs: number;
  /** Batches in flight at once (each a call or a Bulk job). */
  concurrency: number;
  sleep: (ms: number) => Promise<void>;
  /** The send slots every process shares: calls are spaced to the provider's limit (ADR 0035). */
  pacer: Pacer;
  limits?: Record<ActivationProvider, RequestLimit | null>;
  /** Runs after the destination answered, before the answers are written (tests crash here). */
  afterSend?: (runId: string, batch: number) => void;
}

/** Tries of a batch the destination asked to retry (429, 5xx, network), within one job. */
const BATCH_TRIES = 6;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** How often answers go into the warehouse state while a run sends. */
const APPLY_EVERY_MS = 2_000;

/**
 * Runs an activation's run to its end (ADR 0033): plans the change set once (in the
 * warehouse, written with the run in one transaction), sends it batch by batch through the
 * destination (several batches in flight, calls spaced to the provider's limit and counted
 * against the daily budget), then writes the answers into the warehouse state and settles.
 * A killed worker's run is resumed by whoever picks it up: batches it held are claimed again
 * once their lease lapsed and checked against the destination before anything is resent.
 */
export async function runActivation(deps: ActivationRunDeps, runId: string): Promise<void> {
  const loaded = await loadRun(deps.db, runId);
  if (!loaded || loaded.run.finishedAt) return;
  const { run, activation } = loaded;
  await markRunning(deps.db, runId);
  if (!run.plannedAt) {
    const planned = await plan(deps, run, activation).catch(async (error: unknown) => {
      if (!(error instanceof PlanError)) throw error;
      await finishRun(deps.db, runId, {
        status: 'failed',
        counts: ZERO_COUNTS,
        error: error.message,
      });
      return null;
    });
    if (planned === null) return;
  }
  if (!run.dryRun) await send(deps, runId, activation);
  await settle(deps, runId, activation, run.dryRun);
}

async function plan(
  deps: ActivationRunDeps,
  run: { id: string; orgId: string; dryRun: boolean; retryFailed: boolean },
  activation: ActivationRow,
): Promise<boolean> {
  const table = activation.cohortId
    ? await deps.cohortTableOf(activation.orgId, activation.cohortId)
    : null;
  if (!table || activation.deletedAt)
    throw new PlanError('The activation or its cohort was deleted before the run started.');
  const destination = deps.destinationOf(activation.provider);
  const planned = await planRun(
    {
      warehouse: deps.warehouse,
      catalogue: await deps.catalogueOf(activation.orgId),
      batchSize: (records) => destination.batchSize(records),
    },
    activation,
    table,
    run,
  );
  await recordPlan(
    deps.db,
    run,
    planned.records,
    planned.batches,
    planned.unchanged,
    planned.notes,
  );
  deps.log.info(
    { runId: run.id, records: planned.records.length, batches: planned.batches },
    'activation run planned',
  );
  return true;
}

async function send(deps: ActivationRunDeps, runId: string, activation: ActivationRow) {
  const destination = deps.destinationOf(activation.provider);
  const budget = await readBudget(deps.db, activation.orgId, activation.provider);
  const lane = providerLane(activation.orgId, activation.provider, deps.limits);
  // Set by whichever lane finds the budget spent: the others stop claiming.
  const budgetState: { spent: BudgetSpent | null } = { spent: null };
  const pace = async () => {
    if (budgetState.spent) throw budgetState.spent;
    // The slot first: a call refused one (the provider's lane booked far ahead, other runs or
    // plays sending) is tried again like a 429, and spends none of the budget.
    const slot = lane ? await deps.pacer.reserve(lane.key, lane.spacingMs) : null;
    if (slot && !slot.taken)
      throw new DestinationRetry(
        `${activation.provider} calls are booked ahead (other runs are sending)`,
        Math.ceil(slot.retryAfterMs / 1000),
      );
    if (budget !== null)
      await spendCall(deps.db, activation.orgId, activation.provider, budget).catch(
        (error: unknown) => {
          if (error instanceof BudgetSpent) budgetState.spent = error;
          throw error;
        },
      );
    if (slot?.taken && slot.waitMs > 0) await deps.sleep(slot.waitMs);
  };
  const held = new Set<number>();
  const renewal = setInterval(() => {
    renewBatches(deps.db, runId, [...held], deps.leaseMs).catch((error: unknown) =>
      deps.log.warn({ runId, err: error }, 'activation batches lease not renewed'),
    );
  }, deps.leaseMs / 3);
  try {
    for (;;) {
      let claimedAny = false;
      const lane = async () => {
        for (;;) {
          const claimed = budgetState.spent ? null : await claimBatch(deps.db, runId, deps.leaseMs);
          if (!claimed) return;
          claimedAny = true;
          held.add(claimed.batch);
          try {
            await sendBatch(
              deps,
              { runId, activation, destination, pace },
              claimed,
              () => budgetState.spent?.message ?? null,
            );
          } finally {
            held.delete(claimed.batch);
          }
        }
      };
      const stopApplying = applyWhileSending(deps, runId, activation);
      try {
        await Promise.all(Array.from({ length: deps.concurrency }, lane));
      } finally {
        await stopApplying();
      }
      if (budgetState.spent) {
        await failRemaining(deps, runId, budgetState.spent.message);
        return;
      }
      if (!(await hasUnfinishedBatches(deps.db, runId))) return;
      // Another worker holds a batch (or a killed one did): wait for it or its lease.
      if (!claimedAny) await deps.sleep(Math.min(deps.leaseMs / 3, 2_000));
    }
  } finally {
    clearInterval(renewal);
  }
}

/** The budget is spent: what is left is failed with the reason, and sent by a later run. */
async function failRemaining(deps: ActivationRunDeps, runId: string, reason: string) {
  for (;;) {
    const claimed = await claimBatch(deps.db, runId, deps.leaseMs);
    if (!claimed) return;
    const records = await pendingRecords(deps.db, runId, claimed.batch);
    await recordAnswers(
      deps.db,
      runId,
      claimed.batch,
      records.map((record) => failed(record, reason)),
    );
  }
}

const failed = (record: RunRecordRow, answer: string): RecordAnswer => ({
  key: record.key,
  outcome: 'failed',
  destinationId: record.destinationId,
  answer,
});

interface SendScope {
  runId: string;
  activation: ActivationRow;
  destination: Destination;
  pace: () => Promise<void>;
}

async function sendBatch(
  deps: ActivationRunDeps,
  scope: SendScope,
  claimed: ClaimedBatch,
  budgetSpent: () => string | null,
) {
  const { runId } = scope;
  const records = await pendingRecords(deps.db, runId, claimed.batch);
  const context: DestinationContext = {
    pace: scope.pace,
    heartbeat: () => renewBatches(deps.db, runId, [claimed.batch], deps.leaseMs),
    checkpoint: {
      read: () => readCheckpoint(deps.db, runId, claimed.batch),
      write: (value) => writeCheckpoint(deps.db, runId, claimed.batch, value),
    },
  };
  const answers: RecordAnswer[] = [];
  let todo = records;
  try {
    // Claimed before: the earlier send may have landed. Records the destination already
    // holds as intended are not sent again (a Bulk job is found by its checkpoint instead).
    if (claimed.claims > 1 && !claimed.checkpoint && todo.length > 0) {
      const found = await alreadyDone(deps, scope, todo, context);
      answers.push(...found.answers);
      todo = found.rest;
    }
    if (todo.length > 0) answers.push(...(await write(deps, scope, todo, context)));
  } catch (error) {
    const reason = budgetSpent() ?? `${(error as Error).message}`;
    const answered = new Set(answers.map((answer) => answer.key));
    answers.push(
      ...todo.filter((record) => !answered.has(record.key)).map((r) => failed(r, reason)),
    );
  }
  deps.afterSend?.(runId, claimed.batch);
  await recordAnswers(deps.db, runId, claimed.batch, answers);
}

/** Sends the records, trying again what the destination asked to (429 with Retry-After, 5xx). */
async function write(
  deps: ActivationRunDeps,
  scope: SendScope,
  records: RunRecordRow[],
  context: DestinationContext,
): Promise<RecordAnswer[]> {
  const { activation, destination } = scope;
  const operation = records[0]!.operation;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const results = await destination.write(
        {
          orgId: activation.orgId,
          object: activation.object,
          matchField: activation.matchField,
          operation,
          fields: activation.fields.map((mapped) => mapped.field),
          changes: records.map((record) => ({
            key: record.key,
            destinationId: record.destinationId,
            values: record.values,
          })),
        },
        context,
      );
      const byKey = new Map(results.map((result) => [result.key, result]));
      return records.map((record): RecordAnswer => {
        const result = byKey.get(record.key);
        if (!result) return failed(record, 'The destination did not answer for this record.');
        return {
          key: record.key,
          outcome: result.ok ? 'succeeded' : 'failed',
          destinationId: result.destinationId ?? record.destinationId,
          answer: result.answer,
        };
      });
    } catch (error) {
      if (!(error instanceof DestinationRetry) || attempt >= BATCH_TRIES) throw error;
      const backoff = BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)]!;
      deps.log.info(
        { runId: scope.runId, attempt, retryAfterSeconds: error.retryAfterSeconds },
        'activation batch retried',
      );
      await context.heartbeat();
      await deps.sleep(Math.max(error.retryAfterSeconds * 1000, backoff));
    }
  }
}

/** After a crash: records whose destination already holds the intended values are done. */
async function alreadyDone(
  deps: ActivationRunDeps,
  scope: SendScope,
  records: RunRecordRow[],
  context: DestinationContext,
) {
  const { activation, destination } = scope;
  const fields = activation.fields.map((mapped) => mapped.field);
  const held = await destination.read(
    activation.orgId,
    activation.object,
    activation.matchField,
    records.map((record) => record.key),
    fields,
    context,
  );
  const answers: RecordAnswer[] = [];
  const rest: RunRecordRow[] = [];
  for (const record of records) {
    const found = held.get(record.key);
    const done =
      record.operation === 'delete'
        ? !found
        : found !== undefined &&
          Object.entries(record.values).every(([field, value]) =>
            sameValue(found.values[field] ?? null, value),
          );
    if (!done) rest.push(record);
    else
      answers.push({
        key: record.key,
        outcome: 'succeeded',
        destinationId: found?.destinationId ?? record.destinationId,
        answer: 'Already up to date (checked after a restart).',
      });
  }
  deps.log.info(
    { runId: scope.runId, checked: records.length, done: answers.length },
    'activation batch checked against the destination after a restart',
  );
  return { answers, rest };
}

/**
 * Writes the answers of done batches into the warehouse state and marks those batches
 * applied (idempotent: a crash between the two repeats only the write). A deleted
 * activation's state is gone: nothing is written back.
 */
async function applyAnswers(deps: ActivationRunDeps, runId: string, activation: ActivationRow) {
  const { batches, records } = await unappliedAnswers(deps.db, runId);
  if (batches.length === 0) return;
  if (!activation.deletedAt)
    await recordActivationOutcomes(
      deps.warehouse,
      activation.orgId,
      activation.id,
      records
        .filter((row) => row.outcome === 'succeeded' || row.outcome === 'failed')
        .map((row) => ({
          key: row.key,
          status: row.outcome === 'succeeded' ? 'succeeded' : 'failed',
          removed: row.change === 'removed',
          hash: row.hash,
          values: row.values,
          destinationId: row.destinationId,
        })),
    );
  await markApplied(deps.db, runId, batches);
}

/**
 * While the lanes send, the answers go into the warehouse state every `APPLY_EVERY_MS`: the
 * calls are spaced to the provider's limit, so this work fits in their pauses instead of
 * adding to the run's end. Answers the function that stops it after a last pass.
 */
function applyWhileSending(deps: ActivationRunDeps, runId: string, activation: ActivationRow) {
  let stopped = false;
  let wake = () => {};
  const loop = (async () => {
    while (!stopped) {
      // A pause the stop cuts short: the run's end does not wait for it.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, APPLY_EVERY_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (!stopped) await applyAnswers(deps, runId, activation);
    }
  })();
  return async () => {
    stopped = true;
    wake();
    await loop;
  };
}

/** Writes what is left of the answers into the state, then counts and settles the run. */
async function settle(
  deps: ActivationRunDeps,
  runId: string,
  activation: ActivationRow,
  dryRun: boolean,
) {
  const loaded = await loadRun(deps.db, runId);
  if (!loaded || loaded.run.finishedAt) return;
  if (!dryRun) await applyAnswers(deps, runId, activation);
  const counts: ActivationRunCounts = { ...ZERO_COUNTS, unchanged: loaded.run.counts.unchanged };
  let total = 0;
  for (const { change, outcome, count } of await countOutcomes(deps.db, runId)) {
    total += count;
    if (outcome === 'failed' || outcome === 'pending') counts.failed += count;
    else counts[change] += count;
  }
  const status: ActivationRunStatus =
    counts.failed === 0 ? 'succeeded' : counts.failed === total ? 'failed' : 'partial';
  const error =
    status === 'failed' ? 'No record was accepted: see the records for each answer.' : null;
  await finishRun(deps.db, runId, { status, counts, error });
  deps.log.info({ runId, status, counts }, 'activation run settled');
}
