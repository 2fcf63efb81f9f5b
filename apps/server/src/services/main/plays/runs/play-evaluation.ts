import type { BaseTable } from '@revlane/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../../platform/database/database.js';
import {
  readEnteredRecords,
  type Warehouse,
  type WarehouseRow,
} from '../../../../warehouse/index.js';
import { findCohortTable } from '../../../live-ops/index.js';
import type { CohortSnapshotTaken } from '../../../../platform/events/app-events.js';
import { listCohortPlays, type PlayRecord } from '../plays.repository.js';
import {
  listActedRecordIds,
  recordRun,
  type NewPlayRunItem,
  type RunStep,
} from './runs.repository.js';

/** Records one run acts on at most; the rest wait for the next window (logged). */
export const RUN_RECORDS_MAX = 100_000;

export interface EvaluationDeps {
  db: Database;
  warehouse: Warehouse;
  log: FastifyBaseLogger;
  /** Queues the job of a run just committed (the outbox's relay). */
  enqueue: (runId: string) => Promise<void>;
}

/**
 * After each snapshot of a cohort, its active `cohort_entered` plays act on the records that
 * entered since each play last looked (ADR 0024). A paused play's window moves on silently,
 * so resuming does not replay what happened meanwhile; a draft has not started.
 */
export async function evaluateCohortPlays(deps: EvaluationDeps, event: CohortSnapshotTaken) {
  const found = await listCohortPlays(deps.db, event.orgId, event.cohortId);
  const due = found.filter((play) => play.triggerType === 'cohort_entered' && play.activatedAt);
  if (due.length === 0) return;
  const table = await findCohortTable(deps.db, event.orgId, event.cohortId);
  if (!table) return;
  for (const play of due) {
    const runId = await evaluatePlay(deps, play, table, {
      orgId: event.orgId,
      playId: play.id,
      from: play.evaluatedAt,
      to: new Date(event.snapshotAt),
      trigger: 'cohort_entered',
    });
    if (runId) await deps.enqueue(runId);
  }
}

/** Reads the window's records and writes the run (or only moves the window on). */
export async function evaluatePlay(
  deps: EvaluationDeps,
  play: PlayRecord,
  table: BaseTable,
  step: RunStep,
): Promise<string | null> {
  if (step.from && step.from.getTime() >= step.to.getTime()) return null;
  const isActive = play.status === 'active';
  // A first look without includeExisting is the baseline: who is in already is not new.
  const isBaseline = step.from === null && !play.includeExisting;
  if (!isActive || isBaseline) return recordRun(deps.db, step, [], 0);
  const records = await readEnteredRecords(deps.warehouse, step.orgId, {
    cohortId: play.cohortId!,
    table,
    after: step.from?.getTime() ?? null,
    until: step.to.getTime(),
    limit: RUN_RECORDS_MAX,
  });
  if (records.length === RUN_RECORDS_MAX)
    deps.log.warn({ playId: play.id }, 'play run capped at RUN_RECORDS_MAX records');
  const ids = records.map((record) => recordIdOf(record));
  const acted =
    play.reentry === 'once' ? await listActedRecordIds(deps.db, play.id, ids) : new Set<string>();
  const fresh = records.filter((record) => !acted.has(recordIdOf(record)));
  const items = fresh.flatMap((record) => itemsOf(play, step, plain(record)));
  const runId = await recordRun(deps.db, step, items, fresh.length);
  if (runId) deps.log.info({ playId: play.id, runId, records: fresh.length }, 'play run started');
  return runId;
}

/**
 * One item per action for the record; the key `<play>:<action>:<record>:<entry>` (the entry
 * is the window's end) makes a retried or restarted run the same sends, never new ones.
 */
function itemsOf(
  play: PlayRecord,
  step: RunStep,
  record: Record<string, unknown>,
): NewPlayRunItem[] {
  const recordId = recordIdOf(record);
  return play.actions.map((action, position) => ({
    orgId: play.orgId,
    playId: play.id,
    actionId: action.id,
    actionType: action.type,
    position,
    recordId,
    record,
    idempotencyKey: `${play.id}:${action.id}:${recordId}:${step.to.toISOString()}`,
  }));
}

/** Warehouse values as JSON keeps them (bigints as numbers, instants as ISO text). */
function plain(row: WarehouseRow): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(row, (_key, value: unknown) =>
      typeof value === 'bigint' ? Number(value) : value,
    ),
  ) as Record<string, unknown>;
}

/** Ids are text in the canonical model (docs/architecture.md §5.1). */
export const recordIdOf = (record: Record<string, unknown>) =>
  typeof record.id === 'string' ? record.id : JSON.stringify(record.id);
