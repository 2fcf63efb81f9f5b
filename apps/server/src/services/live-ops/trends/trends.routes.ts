import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COHORTS_API,
  dataEnvelope,
  segmentPreparingSchema,
  trendRequestSchema,
  trendResponseSchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { segmentParamsSchema } from '../segments/segment-params.js';
import { readTrend } from './trends.service.js';

const PREPARING = { data: { status: 'preparing' as const } };

const trendSchema = (summary: string) => ({
  tags: ['trends'],
  summary,
  params: segmentParamsSchema,
  body: trendRequestSchema,
  response: {
    200: dataEnvelope(trendResponseSchema),
    202: dataEnvelope(segmentPreparingSchema),
    ...errorResponses(400, 403, 404, 422),
  },
});

/** Cohort trends and their rolling average. */
export const trendsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const trendRoute = (url: string, summary: string, rolling: boolean) =>
    routes.post(url, { schema: trendSchema(summary) }, async (request, reply) => {
      const { body } = request;
      const window = rolling ? body.window : null;
      const result = await readTrend(
        app.db,
        app.warehouse,
        request.auth,
        request.params.segmentId,
        body,
        window,
      );
      if (result.state === 'preparing') return reply.code(202).send(PREPARING);
      return { data: result.value };
    });

  trendRoute(
    `/${COHORTS_API.trend(':segmentId')}`,
    'A cohort’s points per day, week or month: from snapshots with cohortId, computed for unsaved filters',
    false,
  );
  trendRoute(
    `/${COHORTS_API.rollingAverage(':segmentId')}`,
    'The same points as the trend, each the mean of the last `window` non-null points',
    true,
  );
  done();
};
