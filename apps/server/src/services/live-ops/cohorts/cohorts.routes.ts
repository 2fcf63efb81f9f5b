import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cohortListSchema,
  cohortSchema,
  cohortVersionListSchema,
  COHORTS_API,
  createCohortBodySchema,
  dataEnvelope,
  updateCohortBodySchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { segmentParamsSchema } from '../segments/segment-params.js';
import { changeCohort, createCohort } from './cohort-definition.service.js';
import { cohortParamsSchema, segmentCohortParamsSchema } from './cohort-params.js';
import { getCohort, getCohortVersions, listCohorts, removeCohort } from './cohorts.service.js';

const tags = ['cohorts'];
const cohortResponse = dataEnvelope(cohortSchema);

export const cohortsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const segmentCohorts = `/${COHORTS_API.segmentCohorts(':segmentId')}`;
  const segmentCohort = `/${COHORTS_API.segmentCohort(':segmentId', ':id')}`;

  routes.get(
    segmentCohorts,
    {
      schema: {
        tags,
        summary: 'The segment’s cohorts: the signed-in user’s favorites first, then by name',
        params: segmentParamsSchema,
        response: { 200: dataEnvelope(cohortListSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      data: await listCohorts(app.db, request.auth, request.params.segmentId),
    }),
  );

  routes.post(
    segmentCohorts,
    {
      schema: {
        tags,
        summary: 'Create a cohort: a named filter set of the segment (names unique per segment)',
        params: segmentParamsSchema,
        body: createCohortBodySchema,
        response: { 201: cohortResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const data = await createCohort(app, request.auth, request.params.segmentId, request.body);
      return reply.status(201).send({ data });
    },
  );

  routes.patch(
    segmentCohort,
    {
      schema: {
        tags,
        summary: 'Rename a cohort, change its filters, or star/unstar it for yourself',
        params: segmentCohortParamsSchema,
        body: updateCohortBodySchema,
        response: { 200: cohortResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const { segmentId, id } = request.params;
      return { data: await changeCohort(app, request.auth, segmentId, id, request.body) };
    },
  );

  routes.delete(
    segmentCohort,
    {
      schema: {
        tags,
        summary: 'Delete a cohort; refused (409 naming them) while alerts or plays use it',
        params: segmentCohortParamsSchema,
        response: { 204: z.null(), ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeCohort(
        app.db,
        app.dependents.cohorts,
        request.auth,
        request.params.segmentId,
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );

  routes.get(
    `/${COHORTS_API.cohort(':id')}`,
    {
      schema: {
        tags,
        summary: 'A cohort',
        params: cohortParamsSchema,
        response: { 200: cohortResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getCohort(app.db, request.auth, request.params.id) }),
  );

  routes.get(
    `/${COHORTS_API.versions(':id')}`,
    {
      schema: {
        tags,
        summary: 'The cohort’s versions (name and filters before and after), newest first',
        params: cohortParamsSchema,
        response: { 200: dataEnvelope(cohortVersionListSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      data: await getCohortVersions(app.db, request.auth, request.params.id),
    }),
  );
  done();
};
