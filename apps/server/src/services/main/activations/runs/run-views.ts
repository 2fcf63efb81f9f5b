import type { ActivationRun } from '@revlane/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../../platform/database/queryable.js';
import {
  activationRunRecords,
  activationRuns,
} from '../../../../platform/database/schema/index.js';

export type ActivationRunRow = typeof activationRuns.$inferSelect;

/** Records with an answer, per run (a run's progress: `done` of `planned`). */
async function doneCounts(db: Queryable, runIds: string[]): Promise<Map<string, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .select({ runId: activationRunRecords.runId, done: sql<number>`count(*)::int` })
    .from(activationRunRecords)
    .where(
      and(
        inArray(activationRunRecords.runId, runIds),
        inArray(activationRunRecords.outcome, ['succeeded', 'failed', 'planned']),
      ),
    )
    .groupBy(activationRunRecords.runId);
  return new Map(rows.map((row) => [row.runId, Number(row.done)]));
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toRunView(row: ActivationRunRow, done: number): ActivationRun {
  return {
    id: row.id,
    activationId: row.activationId,
    status: row.status,
    dryRun: row.dryRun,
    retryFailed: row.retryFailed,
    trigger: row.trigger,
    counts: row.counts,
    planned: row.planned,
    // A finished run's records all have their answer.
    done: row.finishedAt ? row.planned : done,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
    error: row.error,
    notes: row.notes,
  };
}

/** Runs as the API shows them, with their progress. */
export async function runViews(db: Queryable, rows: ActivationRunRow[]): Promise<ActivationRun[]> {
  const unfinished = rows.filter((row) => !row.finishedAt).map((row) => row.id);
  const done = await doneCounts(db, unfinished);
  return rows.map((row) => toRunView(row, done.get(row.id) ?? 0));
}

/** Each activation's latest run (for the list and the activation's view). */
export async function latestRunsOf(
  db: Queryable,
  orgId: string,
  activationIds: string[],
): Promise<Map<string, ActivationRun>> {
  if (activationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([activationRuns.activationId])
    .from(activationRuns)
    .where(
      and(eq(activationRuns.orgId, orgId), inArray(activationRuns.activationId, activationIds)),
    )
    .orderBy(activationRuns.activationId, desc(activationRuns.createdAt));
  const views = await runViews(db, rows);
  return new Map(views.map((view) => [view.activationId, view]));
}
