import type { FastifyInstance } from 'fastify';
import { createLazyMailer } from '../../../platform/mail/mailer.js';
import { PACING_MAX_WAIT_MS } from '../../../platform/pacing/index.js';
import { slackSender } from '../../../integrations/index.js';
import type { DeliveryDeps } from './deliver-notification.js';

/**
 * What sending an alert's deliveries uses: this app's database, a mailer that connects on
 * first use (closed with the app) and the Slack sender. One per caller: the delivery
 * worker (jobs.ts) and the activity routes.
 */
export function deliveryDepsOf(app: FastifyInstance): DeliveryDeps {
  const { config } = app;
  const mailer = createLazyMailer(config);
  const log = app.log.child({ component: 'alerts' });
  app.addHook('onClose', (_instance, done) => {
    mailer.close();
    done();
  });
  return {
    db: app.db,
    mailer,
    // The channel's slot is waited for well within the claim: nobody else takes the row.
    slack: slackSender(app, {
      log,
      pacer: app.pacer,
      maxPacingWaitMs: Math.min(PACING_MAX_WAIT_MS, config.alerts.deliveryLeaseMs / 4),
    }),
    appUrl: config.appUrl,
    log,
    leaseMs: config.alerts.deliveryLeaseMs,
    retryScheduleSeconds: config.delivery.retryScheduleSeconds,
    onFailed: (event) =>
      app.events.emitSettled('deliveriesFailed', event, (error) =>
        log.warn({ err: error }, 'delivery notice failed'),
      ),
  };
}
