import type { FastifyPluginAsync } from 'fastify';
import { KeyedLock } from '../../../warehouse/index.js';
import { onCohortDefinitionChange } from '../cohorts/cohort-definition-listeners.js';
import { requestCohortSnapshots } from './request-snapshots.js';
import { snapshotHandlers } from './snapshot-handlers.js';
import {
  COHORT_BACKFILL_JOB,
  COHORT_SNAPSHOTS_JOB,
  DAILY_REFRESH_CRON,
  DAILY_REFRESH_JOB,
} from './snapshot-jobs.js';

/**
 * Membership snapshots in the live-ops service: the job workers and the daily schedule
 * (docs/architecture.md §6), and a snapshot request after each cohort definition change.
 * The membership diff they make possible is a cohort route.
 */
export const snapshotsPlugin: FastifyPluginAsync = async (app) => {
  const handlers = snapshotHandlers({
    db: app.db,
    warehouse: app.warehouse.engine,
    jobs: app.jobs,
    log: app.log.child({ component: 'cohort-snapshots' }),
    orgLock: new KeyedLock(),
  });
  await app.jobs.work(COHORT_SNAPSHOTS_JOB, handlers.snapshots);
  await app.jobs.work(COHORT_BACKFILL_JOB, handlers.backfill);
  await app.jobs.work(DAILY_REFRESH_JOB, handlers.dailyRefresh);
  await app.jobs.schedule(DAILY_REFRESH_JOB, DAILY_REFRESH_CRON, {});
  onCohortDefinitionChange(requestCohortSnapshots);
};
