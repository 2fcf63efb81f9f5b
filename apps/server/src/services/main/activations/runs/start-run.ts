import type { Database } from '../../../../platform/database/database.js';
import { insertRun, type RunTrigger } from './runs.repository.js';

export interface StartRunDeps {
  db: Database;
  /** Queues the run's job (the outbox's relay). */
  enqueue: (runId: string) => Promise<void>;
}

/**
 * Queues a run of the activation and its job; null when one is queued or running already
 * (one unfinished run per activation: a schedule that fires meanwhile waits for the next).
 */
export async function startRun(
  deps: StartRunDeps,
  run: {
    orgId: string;
    activationId: string;
    trigger: RunTrigger;
    dryRun?: boolean;
    retryFailed?: boolean;
    createdBy?: string | null;
  },
): Promise<string | null> {
  const runId = await insertRun(deps.db, {
    orgId: run.orgId,
    activationId: run.activationId,
    trigger: run.trigger,
    dryRun: run.dryRun ?? false,
    retryFailed: run.retryFailed ?? false,
    createdBy: run.createdBy ?? null,
  });
  if (runId) await deps.enqueue(runId);
  return runId;
}
