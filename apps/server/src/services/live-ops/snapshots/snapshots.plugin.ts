import type { FastifyPluginAsync } from 'fastify';
import { onWarehouseLoaded } from '../../../platform/jobs/warehouse-loaded.js';
import { KeyedLock } from '../../../warehouse/index.js';
import { onCohortDefinitionChange } from '../cohorts/cohort-definition-listeners.js';
import { afterWarehouseLoaded, SNAPSHOTS_AFTER_LOAD_QUEUE } from './after-warehouse-loaded.js';
import { requestCohortBackfill } from './request-snapshots.js';
import { snapshotHandlers } from './snapshot-handlers.js';
import {
  COHORT_BACKFILL_JOB,
  COHORT_SNAPSHOTS_JOB,
  DAILY_REFRESH_CRON,
  DAILY_REFRESH_JOB,
} from './snapshot-jobs.js';

/**
 * Membership snapshots in the live-ops service (docs/architecture.md §6): snapshots follow
 * every "warehouse loaded" event, the job workers, the daily schedule (which publishes that
 * event), and a back-fill request after each cohort definition change.
 * The membership diff they make possible is a cohort route.
 */
export const snapshotsPlugin: FastifyPluginAsync = async (app) => {
  const deps = {
    db: app.db,
    warehouse: app.warehouse.engine,
    jobs: app.jobs,
    log: app.log.child({ component: 'cohort-snapshots' }),
    orgLock: new KeyedLock(),
    rebuilds: app.warehouse.rebuilds,
  };
  const handlers = snapshotHandlers(deps);
  await onWarehouseLoaded(app.jobs, SNAPSHOTS_AFTER_LOAD_QUEUE, afterWarehouseLoaded(deps));
  await app.jobs.work(COHORT_SNAPSHOTS_JOB, handlers.snapshots);
  await app.jobs.work(COHORT_BACKFILL_JOB, handlers.backfill);
  await app.jobs.work(DAILY_REFRESH_JOB, handlers.dailyRefresh);
  await app.jobs.schedule(DAILY_REFRESH_JOB, DAILY_REFRESH_CRON, {});
  // A new or changed definition gets its history at once, not one dot (ADR 0013).
  onCohortDefinitionChange(requestCohortBackfill);
};
