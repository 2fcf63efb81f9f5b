import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, SOURCES_API, syncSchema } from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { cancelSync, getSourceSyncs, getSync, startSourceSync } from '../../../ingestion/index.js';
import { sourceParamsSchema } from '../sources/sources.routes.js';

const tags = ['syncs'];
const syncParamsSchema = z.object({ id: z.string().max(100) });

/** Syncs' routes (ADR 0018); the worker and the sweep are ingestion's (ingestion/jobs.ts). */
export const syncsPlugin: FastifyPluginCallback = (app, _options, done) => {
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
      data: await cancelSync(app, request.auth, request.params.id, app.syncsInProgress),
    }),
  );
  done();
};
