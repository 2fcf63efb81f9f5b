import type { FastifyPluginCallback } from 'fastify';
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
import { errorResponses } from '../../../platform/http/responses.js';
import {
  getMapping,
  getMappingRun,
  getMappingVersions,
  previewMappingOf,
  publishMapping,
  saveMappingDraft,
} from '../../../modelling/index.js';

const tags = ['mapping'];

/**
 * The mapping's routes (ADR 0019): draft, preview, publish runs and versions; the publish
 * worker and the re-apply after syncs are modelling's (modelling/jobs.ts).
 */
export const mappingRoutes: FastifyPluginCallback = (app, _options, done) => {
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
  done();
};
