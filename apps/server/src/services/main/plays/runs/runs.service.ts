import {
  PLAY_PREVIEW_RECORDS,
  type PlayPreview,
  type PlayRun,
  type PlayRunDetail,
} from '@revlane/contracts';
import type { AuthContext } from '../../../../platform/auth/auth-context.js';
import type { Database } from '../../../../platform/database/database.js';
import { notFound } from '../../../../platform/errors/http-error.js';
import { readEnteredRecords, type Warehouse } from '../../../../warehouse/index.js';
import { findCohortTable } from '../../../live-ops/index.js';
import { toPlayRun } from '../play-response.js';
import { findPlayEvenDeleted } from '../plays.repository.js';
import { requirePlay } from '../plays.service.js';
import { recordIdOf } from './play-evaluation.js';
import { renderAction } from './render-action.js';
import { requireAdmin } from '../../../../platform/auth/require-admin.js';
import { findPlayRun, listPlayRuns, listRunItems, resendFailedItems } from './runs.repository.js';

/** A play's runs stay readable after it is deleted (ADR 0024). */
async function requirePlayHistory(db: Database, auth: AuthContext, id: string) {
  const play = await findPlayEvenDeleted(db, auth.org.id, id);
  if (!play) throw notFound('Play');
  return play;
}

export async function listRuns(db: Database, auth: AuthContext, id: string): Promise<PlayRun[]> {
  const play = await requirePlayHistory(db, auth, id);
  return (await listPlayRuns(db, auth.org.id, play.id)).map(toPlayRun);
}

export async function getRun(
  db: Database,
  auth: AuthContext,
  id: string,
  runId: string,
): Promise<PlayRunDetail> {
  const play = await requirePlayHistory(db, auth, id);
  const run = await findPlayRun(db, auth.org.id, play.id, runId);
  if (!run) throw notFound('Run');
  const items = await listRunItems(db, auth.org.id, run.id);
  return {
    ...toPlayRun(run),
    items: items.map((item) => ({
      recordId: item.recordId,
      actionId: item.actionId,
      actionType: item.actionType,
      status: item.status,
      attempts: item.attempts,
      externalId: item.externalId,
      error: item.error,
      nextAttemptAt: item.status === 'pending' ? (item.nextAttemptAt?.toISOString() ?? null) : null,
    })),
  };
}

/**
 * Tries a run's failed items again with their original idempotency keys (admins: they act
 * on the organization's tools, docs/product.md §7); `enqueue` starts the run's worker.
 */
export async function resendRun(
  deps: { db: Database; enqueue: (runId: string) => Promise<void> },
  auth: AuthContext,
  id: string,
  runId: string,
): Promise<{ resent: number }> {
  requireAdmin(auth, 'resend play deliveries');
  const play = await requirePlayHistory(deps.db, auth, id);
  const run = await findPlayRun(deps.db, auth.org.id, play.id, runId);
  if (!run) throw notFound('Run');
  const resent = await resendFailedItems(deps.db, auth.org.id, run.id);
  if (resent > 0) await deps.enqueue(run.id);
  return { resent };
}

/** What each action would send for up to three current members; nothing is sent. */
export async function previewPlay(
  deps: { db: Database; warehouse: Warehouse },
  auth: AuthContext,
  id: string,
): Promise<PlayPreview> {
  const { row } = await requirePlay(deps.db, auth, id);
  const table = await findCohortTable(deps.db, auth.org.id, row.cohortId!);
  if (!table) return { records: [] };
  const members = await readEnteredRecords(deps.warehouse, auth.org.id, {
    cohortId: row.cohortId!,
    table,
    after: null,
    until: Date.now(),
    limit: PLAY_PREVIEW_RECORDS,
  });
  return {
    records: members.map((member) => ({
      recordId: recordIdOf(member),
      actions: row.actions.map((action) => ({
        actionId: action.id,
        type: action.type,
        payload: renderAction(action, member),
      })),
    })),
  };
}
