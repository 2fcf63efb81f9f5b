import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { playRuns, plays } from '../../../../platform/database/schema/index.js';
import { slackSender } from '../../../../integrations/slack/slack-sender.js';
import { onCohortSnapshot } from '../../../live-ops/snapshots/index.js';
import { openWebhookSecrets } from '../webhook-secrets.js';
import { runDueSchedules } from './due-schedules.js';
import { evaluateCohortPlays, type EvaluationDeps } from './play-evaluation.js';
import {
  PLAY_RUN_JOB,
  PLAY_TICK_CRON,
  PLAY_TICK_JOB,
  playRunJobOptions,
  playRunJobSchema,
} from './play-jobs.js';
import { runPlay, type RunDeps } from './run-play.js';
import { listStrandedRuns, listUnfinishedRuns } from './runs.repository.js';
import { sessionsOfRun } from '../../../../integrations/core/connected-session.js';
import { googleSheetSender } from '../../../../integrations/google-sheets/google-sheet-sender.js';
import { hubspotTaskSender } from '../../../../integrations/hubspot/hubspot-task-sender.js';
import { outreachSequenceSender } from '../../../../integrations/outreach/outreach-sequence-sender.js';
import { salesforceTaskSender } from '../../../../integrations/salesforce/salesforce-task-sender.js';
import { webhookSender } from './webhook-sender.js';

/**
 * Plays' runs (ADR 0024): evaluation after every cohort snapshot, the run worker (the
 * outbox's sender), and a tick every minute for due schedules and stranded runs.
 */
export const playRunsPlugin: FastifyPluginAsync = async (app) => {
  const log = app.log.child({ component: 'plays' });
  const evaluation: EvaluationDeps = {
    db: app.db,
    warehouse: app.warehouse.engine,
    log,
    enqueue: async (runId) => {
      await app.jobs.send(PLAY_RUN_JOB, { runId }, playRunJobOptions(runId));
    },
  };
  // Every app of a test run registers its own; each only evaluates its own database's plays.
  const undo = onCohortSnapshot((event) => evaluateCohortPlays(evaluation, event));
  app.addHook('onClose', (_instance, closed) => {
    undo();
    closed();
  });
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
};

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

/** What the run worker uses: this app's database, senders and secrets (tests override some). */
export function playRunDeps(app: FastifyInstance, log: FastifyBaseLogger): RunDeps {
  const sessions = sessionsOfRun(app);
  return {
    db: app.db,
    log,
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    concurrency: 32,
    slackIntervalMs: 1_000,
    leaseMs: app.config.plays.itemLeaseMs,
    senders: {
      webhook: webhookSender({ allowPrivateHosts: app.config.sources.allowPrivateHosts }),
      slack: slackSender(app, { log }),
      salesforceTask: salesforceTaskSender(sessions),
      hubspotTask: hubspotTaskSender(sessions),
      outreachSequence: outreachSequenceSender(sessions),
      googleSheet: googleSheetSender(app.config.sources.googleSheets),
    },
    loadPlay: async (runId) => {
      const [found] = await app.db
        .select({ play: plays, startedAt: playRuns.startedAt })
        .from(playRuns)
        .innerJoin(plays, eq(plays.id, playRuns.playId))
        .where(eq(playRuns.id, runId));
      if (!found) return null;
      const { play } = found;
      const secrets = openWebhookSecrets(app.secrets, play.id, play.sealedSecrets);
      return {
        id: play.id,
        orgId: play.orgId,
        actions: play.actions,
        secrets,
        runStartedAt: found.startedAt,
      };
    },
  };
}
