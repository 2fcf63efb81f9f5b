import type { FastifyPluginAsync } from 'fastify';
import { createLazyMailer } from '../../../platform/mail/mailer.js';
import { slackSender } from '../../../integrations/slack/slack-sender.js';
import { registerCohortDependents } from '../cohorts/cohort-dependents.js';
import { onCohortSnapshot } from '../snapshots/index.js';
import { activityRoutes } from './activity.routes.js';
import { listStrandedDeliveries } from './deliveries.repository.js';
import { deliverNotification, type DeliveryDeps } from './deliver-notification.js';
import { findCohortAlerts } from './notification-dependents.js';
import { evaluateCohortAlerts } from './notification-evaluation.js';
import {
  deliveryJobOptions,
  NOTIFICATION_DELIVERY_JOB,
  NOTIFICATION_SWEEP_CRON,
  NOTIFICATION_SWEEP_JOB,
  notificationDeliveryJobSchema,
  notificationSweepJobSchema,
} from './notification-jobs.js';

/** A pending row this old without a live lease is stranded: its job was lost with a crash. */
const STRANDED_AFTER_MS = 30_000;

/**
 * Alerts in the live-ops service (ADR 0023): evaluation after every cohort snapshot, the
 * delivery worker and its sweep (the outbox's relay), the activity routes, and the
 * dependents rule (a cohort with alerts is not deleted, ADR 0006).
 */
export const notificationsPlugin: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const mailer = createLazyMailer(config);
  const log = app.log.child({ component: 'alerts' });
  const deps: DeliveryDeps = {
    db: app.db,
    mailer,
    slack: slackSender(app, { log }),
    appUrl: config.appUrl,
    log,
    leaseMs: config.alerts.deliveryLeaseMs,
  };
  registerCohortDependents(findCohortAlerts);
  const evaluation = {
    db: app.db,
    warehouse: app.warehouse.engine,
    log,
    enqueue: async (deliveries: { id: string; status: string }[]) => {
      for (const { id, status } of deliveries) {
        if (status === 'pending') {
          await app.jobs.send(
            NOTIFICATION_DELIVERY_JOB,
            { deliveryId: id },
            deliveryJobOptions(id),
          );
        }
      }
    },
  };
  // Every app of a test run registers its own; each only evaluates its own database's alerts.
  const undo = onCohortSnapshot((event) => evaluateCohortAlerts(evaluation, event));
  app.addHook('onClose', (_instance, done) => {
    undo();
    mailer.close();
    done();
  });
  await app.jobs.work(NOTIFICATION_DELIVERY_JOB, async (data: object) => {
    await deliverNotification(deps, notificationDeliveryJobSchema.parse(data).deliveryId);
  });
  await app.jobs.work(NOTIFICATION_SWEEP_JOB, async (data: object) => {
    const { atStart } = notificationSweepJobSchema.parse(data);
    // At start no enqueue of this process can be in flight: every pending row is queued.
    const stranded = await listStrandedDeliveries(
      app.db,
      new Date(),
      atStart ? 0 : STRANDED_AFTER_MS,
      { includeHeld: atStart },
    );
    await evaluation.enqueue(stranded.map(({ id }) => ({ id, status: 'pending' })));
  });
  await app.jobs.schedule(NOTIFICATION_SWEEP_JOB, NOTIFICATION_SWEEP_CRON, {});
  await app.jobs.send(NOTIFICATION_SWEEP_JOB, { atStart: true });
  await app.register(activityRoutes, { deps });
};
