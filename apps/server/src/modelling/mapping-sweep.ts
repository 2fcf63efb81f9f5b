import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../platform/database/database.js';
import type { JobQueue } from '../platform/jobs/job-queue.js';
import { MAPPING_INTERRUPTED_MESSAGE, MAPPING_STALE_AFTER_SECONDS } from './mapping-jobs.js';
import { failStaleRuns, findLatestRun } from './mapping.repository.js';
import { queueMappingRun } from './mapping.service.js';

/**
 * Runs left "running" by a killed process are failed (their build never swapped in, so the
 * previous data stands) and, unless the organization has started another run since, their
 * version is published again by a new run: no run stays "running" for ever, and the publish
 * the user asked for still happens (docs/architecture.md §9, ADR 0019).
 */
export async function sweepMappingRuns(deps: {
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Silence that marks a dead process's run; at start-up on PGlite, none (ADR 0019). */
  staleAfterSeconds?: number;
}) {
  const failed = await failStaleRuns(
    deps.db,
    deps.staleAfterSeconds ?? MAPPING_STALE_AFTER_SECONDS,
    MAPPING_INTERRUPTED_MESSAGE,
  );
  for (const run of failed) {
    deps.log.warn({ runId: run.id, orgId: run.orgId }, 'mapping publish interrupted');
    const latest = await findLatestRun(deps.db, run.orgId);
    if (latest?.id !== run.id) continue;
    const again = await queueMappingRun(deps.db, deps.jobs, run.orgId, run.version);
    deps.log.info({ runId: again.id, version: run.version }, 'mapping publish queued again');
  }
}
