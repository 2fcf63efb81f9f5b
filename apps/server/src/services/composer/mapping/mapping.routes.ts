import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  MAPPING_API,
  mappingBodySchema,
  mappingPreviewSchema,
  mappingRunSchema,
  mappingSchema,
  mappingVersionSchema,
} from '@revlane/contracts';
import { staleSecondsAtStart } from '../../../platform/database/dead-process-rule.js';
import { onWarehouseLoaded } from '../../../platform/jobs/warehouse-loaded.js';
import { errorResponses } from '../../../platform/http/responses.js';
import {
  MAPPING_AFTER_SYNC_QUEUE,
  MAPPING_PUBLISH_JOB,
  MAPPING_RUNS_SWEEP_CRON,
  MAPPING_RUNS_SWEEP_JOB,
  MAPPING_STALE_AFTER_SECONDS,
  mappingPublishJobSchema,
} from '../../../modelling/mapping-jobs.js';
import { sweepMappingRuns } from '../../../modelling/mapping-sweep.js';
import {
  getMapping,
  getMappingRun,
  getMappingVersions,
  previewMappingOf,
  publishMapping,
  saveMappingDraft,
} from '../../../modelling/mapping.service.js';
import { runMappingPublish } from '../../../modelling/publish-mapping.js';
import { reapplyAfterSync } from '../../../modelling/reapply-after-sync.js';

const tags = ['mapping'];

/**
 * The mapping (ADR 0019): draft, preview, publish runs and versions; the `mapping-publish`
 * worker, and the subscriber that re-applies the mapping after a sync of a mapped source.
 */
export const mappingRoutes: FastifyPluginAsync = async (app) => {
  const deps = {
    db: app.db,
    warehouse: app.warehouse.engine,
    jobs: app.jobs,
    log: app.log.child({ component: 'mapping' }),
    orgLock: app.warehouse.rebuilds,
  };
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

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const mappingResponse = dataEnvelope(mappingSchema);

  routes.get(
    `/${MAPPING_API.mapping}`,
    {
      schema: {
        tags,
        summary: 'The organization’s mapping: the draft and the published version',
        response: { 200: mappingResponse, ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await getMapping(app, request.auth) }),
  );

  routes.put(
    `/${MAPPING_API.mapping}`,
    {
      schema: {
        tags,
        summary: 'Save the draft; every source, table and column must exist with a usable type',
        body: mappingBodySchema,
        response: { 200: mappingResponse, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await saveMappingDraft(app, request.auth, request.body) }),
  );

  routes.post(
    `/${MAPPING_API.preview}`,
    {
      schema: {
        tags,
        summary: 'The first mapped rows and match statistics of a mapping (default: the draft)',
        body: mappingBodySchema.nullish(),
        response: { 200: dataEnvelope(mappingPreviewSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ({
      data: await previewMappingOf(app, request.auth, request.body ?? undefined),
    }),
  );

  routes.post(
    `/${MAPPING_API.publish}`,
    {
      schema: {
        tags,
        summary: 'Publish the draft: a run builds the canonical tables from it',
        response: {
          202: dataEnvelope(z.object({ id: z.string() })),
          ...errorResponses(400, 403),
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await publishMapping(app, request.auth) }),
  );

  routes.get(
    `/${MAPPING_API.versions}`,
    {
      schema: {
        tags,
        summary: 'Published versions, newest first: what, by whom, when',
        response: { 200: dataEnvelope(z.array(mappingVersionSchema)), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await getMappingVersions(app, request.auth) }),
  );

  routes.get(
    `/${MAPPING_API.run(':id')}`,
    {
      schema: {
        tags,
        summary: 'A publish run: status, rows written, error',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: dataEnvelope(mappingRunSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getMappingRun(app, request.auth, request.params.id) }),
  );
};
