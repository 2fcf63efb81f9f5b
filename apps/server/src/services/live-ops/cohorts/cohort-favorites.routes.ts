import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COHORTS_API, dataEnvelope, favoriteCohortListSchema } from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { listFavoriteCohorts } from './cohort-favorites.service.js';

/** `GET cohorts/favorites`: the home dashboard's starred cohorts. */
export const cohortFavoritesRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    `/${COHORTS_API.favorites}`,
    {
      schema: {
        tags: ['cohorts'],
        summary: 'The signed-in user’s starred cohorts with the last 30 days of members',
        response: { 200: dataEnvelope(favoriteCohortListSchema), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await listFavoriteCohorts(app.db, app.warehouse, request.auth) }),
  );
  done();
};
