import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { playRuns, plays } from '../../../../platform/database/schema/index.js';
import {
  googleSheetSender,
  hubspotTaskSender,
  outreachSequenceSender,
  salesforceTaskSender,
  sessionsOfRun,
  slackSender,
} from '../../../../integrations/index.js';
import { openWebhookSecrets } from '../webhook-secrets.js';
import type { RunDeps } from './run-play.js';
import { webhookSender } from './webhook-sender.js';

/** What the run worker uses: this app's database, senders and secrets (tests override some). */
export function playRunDeps(app: FastifyInstance, log: FastifyBaseLogger): RunDeps {
  const sessions = sessionsOfRun(app);
  return {
    db: app.db,
    log,
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    concurrency: 32,
    pacer: app.pacer,
    leaseMs: app.config.plays.itemLeaseMs,
    retryScheduleSeconds: app.config.delivery.retryScheduleSeconds,
    onFailed: (event) =>
      app.events.emitSettled('deliveriesFailed', event, (error) =>
        log.warn({ err: error }, 'delivery notice failed'),
      ),
    senders: {
      webhook: webhookSender({ allowPrivateHosts: app.config.sources.allowPrivateHosts }),
      slack: slackSender(app, { log, pacer: app.pacer }),
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
        name: play.name,
        actions: play.actions,
        secrets,
        runStartedAt: found.startedAt,
      };
    },
  };
}
