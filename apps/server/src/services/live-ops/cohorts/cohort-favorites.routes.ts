import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COHORTS_API,
  cohortTrendListSchema,
  cohortTrendsQuerySchema,
  dataEnvelope,
  favoriteCohortListSchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { listCohortTrends, listFavoriteCohorts } from './cohort-favorites.service.js';

/** The home dashboard's cohorts: `GET cohorts/favorites` and `GET cohorts/trends`. */
export const cohortFavoritesRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
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
  routes.get(
    `/${COHORTS_API.trends}`,
    {
      schema: {
        tags: ['cohorts'],
        summary: 'Every cohort with history in the range, with its daily members (home)',
        querystring: cohortTrendsQuerySchema,
        response: { 200: dataEnvelope(cohortTrendListSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ({
      data: await listCohortTrends(app.db, app.warehouse, request.auth, request.query.days),
    }),
  );
  done();
};
