import type { FastifyInstance } from 'fastify';
import { onWarehouseLoaded } from '../../platform/jobs/warehouse-loaded.js';
import { listStrandedDeliveries } from './notifications/deliveries.repository.js';
import { deliverNotification } from './notifications/deliver-notification.js';
import { deliveryDepsOf } from './notifications/delivery-deps.js';
import { noticeAdmins } from './notifications/delivery-notices.js';
import { cohortsOverTable } from './cohorts/cohort-dependents.js';
import { findCohortAlerts, findConnectionAlerts } from './notifications/notification-dependents.js';
import { evaluateCohortAlerts } from './notifications/notification-evaluation.js';
import {
  deliveryJobOptions,
  NOTIFICATION_DELIVERY_JOB,
  NOTIFICATION_SWEEP_CRON,
  NOTIFICATION_SWEEP_JOB,
  notificationDeliveryJobSchema,
  notificationSweepJobSchema,
} from './notifications/notification-jobs.js';
import {
  SCORES_REBUILD_JOB,
  scoresRebuildHandler,
  writeAllScoreDefinitions,
} from './scores/score-warehouse.js';
import { SNAPSHOTS_AFTER_LOAD_QUEUE } from './snapshots/after-warehouse-loaded.js';
import { snapshotHandlers } from './snapshots/snapshot-handlers.js';
import {
  COHORT_BACKFILL_JOB,
  COHORT_SNAPSHOTS_JOB,
  DAILY_REFRESH_CRON,
  DAILY_REFRESH_JOB,
} from './snapshots/snapshot-jobs.js';

/** A pending delivery this old without a live lease is stranded: its job was lost with a crash. */
const STRANDED_AFTER_MS = 30_000;

/**
 * The live-ops service's background work (docs/architecture.md §3.5): cohort membership
 * snapshots (§6), alerts (ADR 0023) and score rebuilds (ADR 0034).
 */
export async function liveOpsJobs(app: FastifyInstance): Promise<void> {
  await snapshotJobs(app);
  await alertJobs(app);
  await scoreJobs(app);
}

/**
 * A score's change queues a rebuild of its organization's derived tables (then "warehouse
 * loaded", like the daily refresh). At start-up every organization's definitions are written
 * to its warehouse before any load of this process reads them.
 */
async function scoreJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work(SCORES_REBUILD_JOB, scoresRebuildHandler(app));
  await writeAllScoreDefinitions(app);
}

/**
 * Snapshots follow every "warehouse loaded" event, the daily schedule (which publishes that
 * event), and each cohort definition change: a new cohort's first count at once, then a
 * back-fill (ADR 0013).
 */
async function snapshotJobs(app: FastifyInstance): Promise<void> {
  const handlers = snapshotHandlers({
    db: app.db,
    warehouse: app.warehouse.engine,
    jobs: app.jobs,
    events: app.events,
    log: app.log.child({ component: 'cohort-snapshots' }),
    orgLock: app.locks.named('cohort-snapshots'),
    rebuilds: app.warehouse.rebuilds,
  });
  await onWarehouseLoaded(app.jobs, SNAPSHOTS_AFTER_LOAD_QUEUE, handlers.afterWarehouseLoaded);
  await app.jobs.work(COHORT_SNAPSHOTS_JOB, handlers.snapshots);
  await app.jobs.work(COHORT_BACKFILL_JOB, handlers.backfill);
  await app.jobs.work(DAILY_REFRESH_JOB, handlers.dailyRefresh);
  await app.jobs.schedule(DAILY_REFRESH_JOB, DAILY_REFRESH_CRON, {});
  app.events.on('cohortDefinitionChanged', handlers.afterDefinitionChanged);
}

/**
 * Alerts evaluate after every cohort snapshot; the delivery worker and its sweep are the
 * outbox's relay; a cohort with alerts is not deleted (ADR 0006).
 */
async function alertJobs(app: FastifyInstance): Promise<void> {
  const deps = deliveryDepsOf(app);
  app.dependents.cohorts.register(findCohortAlerts);
  app.dependents.tables.register(cohortsOverTable(app.dependents.cohorts));
  app.dependents.connections.register(findConnectionAlerts);
  const enqueue = async (deliveries: { id: string; status: string }[]) => {
    for (const { id, status } of deliveries) {
      if (status === 'pending') {
        await app.jobs.send(NOTIFICATION_DELIVERY_JOB, { deliveryId: id }, deliveryJobOptions(id));
      }
    }
  };
  const evaluation = { db: app.db, warehouse: app.warehouse.engine, log: deps.log, enqueue };
  app.events.on('cohortSnapshotTaken', (event) => evaluateCohortAlerts(evaluation, event));
  app.events.on('deliveriesFailed', (event) => noticeAdmins(deps, event));
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
    await enqueue(stranded.map(({ id }) => ({ id, status: 'pending' })));
  });
  await app.jobs.schedule(NOTIFICATION_SWEEP_JOB, NOTIFICATION_SWEEP_CRON, {});
  await app.jobs.send(NOTIFICATION_SWEEP_JOB, { atStart: true });
}
