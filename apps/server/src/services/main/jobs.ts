import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { findCohortPlays, findConnectionPlays } from './plays/play-dependents.js';
import { runDueSchedules } from './plays/runs/due-schedules.js';
import { evaluateCohortPlays, type EvaluationDeps } from './plays/runs/play-evaluation.js';
import {
  PLAY_RUN_JOB,
  PLAY_TICK_CRON,
  PLAY_TICK_JOB,
  playRunJobOptions,
  playRunJobSchema,
} from './plays/runs/play-jobs.js';
import { playRunDeps } from './plays/runs/play-run-deps.js';
import { runPlay } from './plays/runs/run-play.js';
import { listStrandedRuns, listUnfinishedRuns } from './plays/runs/runs.repository.js';

/**
 * The main service's background work, plays (ADR 0024): evaluation after every cohort
 * snapshot, the run worker (the outbox's sender), a tick every minute for due schedules and
 * stranded runs, and the dependents rule (a cohort with plays is not deleted, ADR 0006).
 */
export async function mainJobs(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ component: 'plays' });
  app.dependents.cohorts.register(findCohortPlays);
  app.dependents.connections.register(findConnectionPlays);
  const evaluation: EvaluationDeps = {
    db: app.db,
    warehouse: app.warehouse.engine,
    log,
    enqueue: async (runId) => {
      await app.jobs.send(PLAY_RUN_JOB, { runId }, playRunJobOptions(runId));
    },
  };
  app.events.on('cohortSnapshotTaken', (event) => evaluateCohortPlays(evaluation, event));
  await app.jobs.work(PLAY_RUN_JOB, async (data: object) => {
    await runPlay(playRunDeps(app, log), playRunJobSchema.parse(data).runId);
  });
  await app.jobs.work(PLAY_TICK_JOB, async () => {
    const now = new Date();
    await runDueSchedules(evaluation, now);
    for (const { runId } of await listStrandedRuns(app.db, now)) await evaluation.enqueue(runId);
  });
  await app.jobs.schedule(PLAY_TICK_JOB, PLAY_TICK_CRON, {});
  if (app.config.jobs.isWorking) resumeAfterRestart(app, evaluation.enqueue, log);
}

/**
 * At start-up, runs a killed process left unfinished go on without waiting for the minute's
 * tick (ADR 0024): queued now (items nobody holds are sent at once) and again once the dead
 * worker's leases have lapsed.
 */
function resumeAfterRestart(
  app: FastifyInstance,
  enqueue: (runId: string) => Promise<void>,
  log: FastifyBaseLogger,
) {
  // A failure here must not stop the app from starting: the later pass and the minute's
  // tick (`listStrandedRuns`) resume them anyway.
  const resume = () =>
    (async () => {
      for (const { runId } of await listUnfinishedRuns(app.db)) await enqueue(runId);
    })().catch((error: unknown) => log.warn({ err: error }, 'play runs not resumed'));
  const later = setTimeout(() => void resume(), app.config.plays.itemLeaseMs + 500);
  later.unref();
  app.addHook('onReady', resume);
  app.addHook('onClose', (_instance, closed) => {
    clearTimeout(later);
    closed();
  });
}
