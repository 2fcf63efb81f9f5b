import type { FastifyInstance } from 'fastify';
import { staleSecondsAtStart } from '../platform/database/dead-process-rule.js';
import { onWarehouseLoaded } from '../platform/jobs/warehouse-loaded.js';
import {
  MAPPING_AFTER_SYNC_QUEUE,
  MAPPING_PUBLISH_JOB,
  MAPPING_RUNS_SWEEP_CRON,
  MAPPING_RUNS_SWEEP_JOB,
  MAPPING_STALE_AFTER_SECONDS,
  mappingPublishJobSchema,
} from './mapping-jobs.js';
import { findMappingsOfSource } from './mapping-dependents.js';
import { sweepMappingRuns } from './mapping-sweep.js';
import { runMappingPublish } from './publish-mapping.js';
import { reapplyAfterSync } from './reapply-after-sync.js';

/**
 * Modelling's background work (ADR 0019): the `mapping-publish` worker and its sweep, the
 * subscriber that re-applies the mapping after a sync of a mapped source, and the dependents
 * rule (a source the mapping reads is not deleted, ADR 0006).
 */
export async function modellingJobs(app: FastifyInstance): Promise<void> {
  const deps = {
    db: app.db,
    warehouse: app.warehouse.engine,
    jobs: app.jobs,
    log: app.log.child({ component: 'mapping' }),
    orgLock: app.warehouse.rebuilds,
  };
  app.dependents.sources.register(findMappingsOfSource);
  await app.jobs.work<object>(MAPPING_PUBLISH_JOB, (data) =>
    runMappingPublish(deps, mappingPublishJobSchema.parse(data)),
  );
  await app.jobs.work(MAPPING_RUNS_SWEEP_JOB, () => sweepMappingRuns(deps));
  await app.jobs.schedule(MAPPING_RUNS_SWEEP_JOB, MAPPING_RUNS_SWEEP_CRON, {});
  // At start-up at once: a run a killed process left "running" is published again now, not
  // after the minute of silence (on PGlite every such run is a dead process's).
  if (app.config.jobs.isWorking)
    await sweepMappingRuns({
      ...deps,
      staleAfterSeconds: staleSecondsAtStart(app.databaseKind, MAPPING_STALE_AFTER_SECONDS),
    });
  await onWarehouseLoaded(app.jobs, MAPPING_AFTER_SYNC_QUEUE, (event) =>
    reapplyAfterSync(deps, event),
  );
}
