import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cohortChangesQuerySchema,
  cohortChangesSchema,
  COHORTS_API,
  dataEnvelope,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { getCohortChanges } from './cohort-changes.service.js';
import { cohortParamsSchema } from './cohort-params.js';

/** `GET cohorts/{id}/changes`: the membership diff the snapshots make possible. */
export const cohortChangesRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    `/${COHORTS_API.changes(':id')}`,
    {
      schema: {
        tags: ['cohorts'],
        summary: 'Who entered and who left the cohort since a date (membership diff)',
        params: cohortParamsSchema,
        querystring: cohortChangesQuerySchema,
        response: { 200: dataEnvelope(cohortChangesSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await getCohortChanges(
        app.db,
        app.warehouse.engine,
        request.auth,
        request.params.id,
        request.query,
      ),
    }),
  );
  done();
};
