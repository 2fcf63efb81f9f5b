import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, SOURCES_API, syncSchema } from '@revlane/contracts';
import { staleSecondsAtStart } from '../../../platform/database/dead-process-rule.js';
import { errorResponses } from '../../../platform/http/responses.js';
import { connectorContextOf } from '../../../ingestion/connectors/connector-context.js';
import { sourceParamsSchema } from '../sources/sources.routes.js';
import { runSync } from '../../../ingestion/syncs/run-sync.js';
import {
  SOURCE_SYNC_JOB,
  SOURCE_SYNCS_SWEEP_CRON,
  SOURCE_SYNCS_SWEEP_JOB,
  sourceSyncJobSchema,
  STALE_AFTER_SECONDS,
} from '../../../ingestion/syncs/sync-jobs.js';
import type { SyncProgress } from '../../../ingestion/syncs/sync-progress.js';
import { sweepSyncs } from '../../../ingestion/syncs/sync-sweep.js';
import {
  cancelSync,
  getSourceSyncs,
  getSync,
  startSourceSync,
} from '../../../ingestion/syncs/syncs.service.js';

const tags = ['syncs'];
const syncParamsSchema = z.object({ id: z.string().max(100) });

/**
 * Syncs (ADR 0018): the routes, the `source-sync` job worker and the sweep that fails runs
 * whose process died and starts scheduled syncs. Registered with the composer service.
 */
export const syncsPlugin: FastifyPluginAsync = async (app) => {
  const running = new Map<string, SyncProgress>();
  const log = app.log.child({ component: 'source-syncs' });
  const deps = {
    db: app.db,
    warehouse: app.warehouse.engine,
    secrets: app.secrets,
    jobs: app.jobs,
    log,
    context: connectorContextOf(app),
    running,
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

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const syncResponse = dataEnvelope(syncSchema);

  routes.post(
    `/${SOURCES_API.sourceSyncs(':id')}`,
    {
      schema: {
        tags,
        summary: 'Start a sync (or answer the one already queued or running)',
        params: sourceParamsSchema,
        response: {
          202: dataEnvelope(z.object({ id: z.string() })),
          ...errorResponses(403, 404),
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await startSourceSync(app, request.auth, request.params.id) }),
  );

  routes.get(
    `/${SOURCES_API.sourceSyncs(':id')}`,
    {
      schema: {
        tags,
        summary: 'The source’s syncs, newest first',
        params: sourceParamsSchema,
        response: { 200: dataEnvelope(z.array(syncSchema)), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getSourceSyncs(app, request.auth, request.params.id) }),
  );

  routes.get(
    `/${SOURCES_API.sync(':id')}`,
    {
      schema: {
        tags,
        summary: 'A sync: status, rows read and written so far, per-table report',
        params: syncParamsSchema,
        response: { 200: syncResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getSync(app, request.auth, request.params.id) }),
  );

  routes.delete(
    `/${SOURCES_API.sync(':id')}`,
    {
      schema: {
        tags,
        summary: 'Cancel a sync; the previous data stays',
        params: syncParamsSchema,
        response: { 200: syncResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      data: await cancelSync(app, request.auth, request.params.id, running),
    }),
  );
};
