import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { findCohortPlays, findConnectionPlays, findScorePlays } from './plays/play-dependents.js';
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
import {
  ACTIVATION_RUN_JOB,
  ACTIVATION_TICK_CRON,
  ACTIVATION_TICK_JOB,
  activationRunJobOptions,
  activationRunJobSchema,
} from './activations/runs/activation-jobs.js';
import { startAfterLoadRuns, startDueRuns } from './activations/runs/due-runs.js';
import { registerActivationDependents } from './activations/activation-dependents.js';
import { activationRunDeps } from './activations/runs/run-deps.js';
import { runActivation } from './activations/runs/run-activation.js';
import {
  listResumableRuns,
  listUnfinishedRuns as listUnfinishedActivationRuns,
} from './activations/runs/runs.repository.js';

/**
 * The main service's background work, plays (ADR 0024): evaluation after every cohort
 * snapshot, the run worker (the outbox's sender), a tick every minute for due schedules and
 * stranded runs, and the dependents rule (a cohort with plays is not deleted, ADR 0006).
 */
export async function mainJobs(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ component: 'plays' });
  app.dependents.cohorts.register(findCohortPlays);
  app.dependents.connections.register(findConnectionPlays);
  app.dependents.scores.register(findScorePlays);
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

/**
 * Activations' background work (ADR 0033): a run after the snapshots that follow each load
 * (`after_load`), the run worker, a tick every minute for hourly and daily schedules and for
 * runs nobody is running (a killed worker's), at start-up every unfinished run resumed, and
 * the dependents rule (a cohort or connection an activation uses is named before a delete).
 */
export async function activationJobs(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ component: 'activations' });
  registerActivationDependents(app);
  const starts = {
    db: app.db,
    enqueue: async (runId: string) => {
      await app.jobs.send(ACTIVATION_RUN_JOB, { runId }, activationRunJobOptions(runId));
    },
  };
  app.events.on('cohortSnapshotTaken', (event) => startAfterLoadRuns(starts, event));
  await app.jobs.work(ACTIVATION_RUN_JOB, async (data: object) => {
    await runActivation(activationRunDeps(app, log), activationRunJobSchema.parse(data).runId);
  });
  await app.jobs.work(ACTIVATION_TICK_JOB, async () => {
    const now = new Date();
    await startDueRuns(starts, now);
    const stale = new Date(now.getTime() - 2 * app.config.plays.itemLeaseMs);
    for (const { id } of await listResumableRuns(app.db, stale)) await starts.enqueue(id);
  });
  await app.jobs.schedule(ACTIVATION_TICK_JOB, ACTIVATION_TICK_CRON, {});
  if (!app.config.jobs.isWorking) return;
  // A failure here must not stop the app from starting: the minute's tick resumes them too.
  app.addHook('onReady', () => {
    void (async () => {
      for (const { id } of await listUnfinishedActivationRuns(app.db)) await starts.enqueue(id);
    })().catch((error: unknown) => log.warn({ err: error }, 'activation runs not resumed'));
  });
}
