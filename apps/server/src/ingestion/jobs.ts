import type { FastifyInstance } from 'fastify';
import { staleSecondsAtStart } from '../platform/database/dead-process-rule.js';
import { connectorContextOf } from './connectors/connector-context.js';
import { runSync } from './syncs/run-sync.js';
import {
  SOURCE_SYNC_JOB,
  SOURCE_SYNCS_SWEEP_CRON,
  SOURCE_SYNCS_SWEEP_JOB,
  sourceSyncJobSchema,
  STALE_AFTER_SECONDS,
} from './syncs/sync-jobs.js';
import { sweepSyncs } from './syncs/sync-sweep.js';

/**
 * Ingestion's background work (ADR 0018): the `source-sync` worker and the sweep that fails
 * runs whose process died and starts scheduled syncs, every minute and once at start-up.
 */
export async function ingestionJobs(app: FastifyInstance): Promise<void> {
  const deps = {
    db: app.db,
    warehouse: app.warehouse.engine,
    secrets: app.secrets,
    jobs: app.jobs,
    log: app.log.child({ component: 'source-syncs' }),
    context: connectorContextOf(app),
    running: app.syncsInProgress,
  };
  await app.jobs.work<object>(SOURCE_SYNC_JOB, (data, job) =>
    runSync(deps, sourceSyncJobSchema.parse(data), job.attempt),
  );
  await app.jobs.work(SOURCE_SYNCS_SWEEP_JOB, () => sweepSyncs(deps));
  await app.jobs.schedule(SOURCE_SYNCS_SWEEP_JOB, SOURCE_SYNCS_SWEEP_CRON, {});
  // At start-up at once: runs a killed process left "running" do not wait for the minute
  // (on PGlite every such run is a dead process's).
  if (app.config.jobs.isWorking)
    await sweepSyncs({
      ...deps,
      staleAfterSeconds: staleSecondsAtStart(app.databaseKind, STALE_AFTER_SECONDS),
    });
}
