import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSourceBodySchema,
  dataEnvelope,
  sourceDependentSchema,
  sourceSchema,
  SOURCES_API,
  updateSourceBodySchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import {
  changeSource,
  createSource,
  getSource,
  getSourceDependents,
  getSources,
  removeSource,
} from '../../../ingestion/index.js';

const tags = ['sources'];
/** Any text: a malformed id is a 404 like an unknown one. */
export const sourceParamsSchema = z.object({ id: z.string().max(100) });
const sourceResponse = dataEnvelope(sourceSchema);

/** Sources CRUD (ADR 0018); secrets go in sealed and never come back out. */
export const sourcesRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const one = `/${SOURCES_API.source(':id')}`;

  routes.get(
    `/${SOURCES_API.sources}`,
    {
      schema: {
        tags,
        summary: 'The organization’s data sources with their latest sync',
        response: { 200: dataEnvelope(z.array(sourceSchema)), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await getSources(app, request.auth) }),
  );

  routes.post(
    `/${SOURCES_API.sources}`,
    {
      schema: {
        tags,
        summary: 'Add a data source; its secrets are sealed at rest and never answered',
        body: createSourceBodySchema,
        response: { 201: sourceResponse, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createSource(app, request.auth, request.body) }),
  );

  routes.get(
    one,
    {
      schema: {
        tags,
        summary: 'A data source',
        params: sourceParamsSchema,
        response: { 200: sourceResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getSource(app, request.auth, request.params.id) }),
  );

  routes.get(
    `/${SOURCES_API.dependents(':id')}`,
    {
      schema: {
        tags,
        summary: 'What deleting the source would break: the mapping, cohorts, alerts and plays',
        params: sourceParamsSchema,
        response: {
          200: dataEnvelope(z.array(sourceDependentSchema)),
          ...errorResponses(403, 404),
        },
      },
    },
    async (request) => ({
      data: await getSourceDependents(app, request.auth, request.params.id),
    }),
  );

  routes.patch(
    one,
    {
      schema: {
        tags,
        summary: 'Rename, change config (secrets left out keep their value), tables or schedule',
        params: sourceParamsSchema,
        body: updateSourceBodySchema,
        response: { 200: sourceResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await changeSource(app, request.auth, request.params.id, request.body),
    }),
  );

  routes.delete(
    one,
    {
      schema: {
        tags,
        summary: 'Delete a source and its landed tables; 409 while something depends on it',
        params: sourceParamsSchema,
        response: { 204: z.null(), ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeSource(app, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
  done();
};
