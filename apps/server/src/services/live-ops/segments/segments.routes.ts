import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope, LIVE_OPS_API, segmentSummaryListSchema } from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { listMySegments } from './segments.service.js';

const tags = ['segments'];

export const segmentsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `/${LIVE_OPS_API.mySegments}`,
    {
      schema: {
        tags,
        summary: 'The signed-in user’s segments, in menu order (disabled ones flagged)',
        response: { 200: dataEnvelope(segmentSummaryListSchema), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await listMySegments(app.db, request.auth) }),
  );
  done();
};
