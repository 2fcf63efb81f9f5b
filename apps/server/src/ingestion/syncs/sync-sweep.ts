import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/database/database.js';
import { sources, sourceSyncs } from '../../platform/database/schema/index.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { Warehouse } from '../../warehouse/index.js';
import { dropLeftoverNextTables } from '../landing/landed-tables.js';
import { INTERRUPTED_MESSAGE, STALE_AFTER_SECONDS } from './sync-jobs.js';
import { queueSync, sendSyncJob } from './queue-sync.js';
import { failStaleSyncs, listOldQueuedSyncs } from './syncs.repository.js';

const SCHEDULE_HOURS = { hourly: 1, daily: 24 } as const;

export interface SweepDeps {
  db: Database;
  jobs: JobQueue;
  warehouse: Warehouse;
  log: FastifyBaseLogger;
  /** Silence that marks a dead process's run; at start-up on PGlite, none (ADR 0019). */
  staleAfterSeconds?: number;
}

/**
 * Runs left "running" by a process that was killed are failed and the `__next` tables they
 * left half built are dropped (never swapped in; ADR 0027), so no run stays "running" for
 * ever and no scratch table stays in the warehouse; then sources on a schedule whose last
 * run started long enough ago get a new one.
 */
export async function sweepSyncs({ db, jobs, warehouse, log, staleAfterSeconds }: SweepDeps) {
  const stale = staleAfterSeconds ?? STALE_AFTER_SECONDS;
  const failed = await failStaleSyncs(db, stale, INTERRUPTED_MESSAGE);
  for (const run of failed) {
    log.warn({ syncId: run.id, sourceId: run.sourceId }, 'sync interrupted');
    const dropped = await dropLeftoverNextTables(warehouse, run.orgId, run.sourceId).catch(
      (error: unknown) => {
        // The next run of the source drops them too: a warehouse hiccup must not stop the sweep.
        log.warn({ sourceId: run.sourceId, error: String(error) }, 'leftover tables kept');
        return [];
      },
    );
    if (dropped.length > 0)
      log.info({ sourceId: run.sourceId, dropped }, 'leftover tables dropped');
  }
  // A run still queued after the stale delay may have lost its job with a killed process:
  // its job is sent again (keyed by the run: one still waiting is not doubled), so it resumes.
  for (const run of await listOldQueuedSyncs(db, STALE_AFTER_SECONDS)) await sendSyncJob(jobs, run);
  for (const [schedule, hours] of Object.entries(SCHEDULE_HOURS)) {
    const due = await db
      .select({ id: sources.id, orgId: sources.orgId })
      .from(sources)
      .where(
        and(
          eq(sources.schedule, schedule as keyof typeof SCHEDULE_HOURS),
          sql`not exists (select 1 from ${sourceSyncs} where ${sourceSyncs.sourceId} = ${sources.id}
                and (${inArray(sourceSyncs.status, ['queued', 'running'])}
                     or ${sourceSyncs.createdAt} > now() - make_interval(hours => ${hours})))`,
        ),
      );
    for (const source of due) await queueSync(db, jobs, source.orgId, source.id);
  }
}
