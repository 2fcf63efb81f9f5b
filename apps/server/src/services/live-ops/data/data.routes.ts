import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  LIVE_OPS_API,
  segmentDataPageSchema,
  segmentGroupsPageSchema,
  segmentPreparingSchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { segmentParamsSchema } from '../segments/segment-params.js';
import { segmentDataQuerySchema } from './data-query.js';
import { readSegmentData } from './data.service.js';
import { SEGMENT_QUERY_URL_LIMIT } from '../../../platform/http/request-limits.js';

const PREPARING = { data: { status: 'preparing' as const } };

export const dataRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    `/${LIVE_OPS_API.data(':segmentId')}`,
    {
      config: { urlLimit: SEGMENT_QUERY_URL_LIMIT },
      schema: {
        tags: ['segment data'],
        summary:
          'A page of the segment’s rows (list query of docs/product.md §7), or of groups with `pivot`; 202 while the first load runs',
        params: segmentParamsSchema,
        querystring: segmentDataQuerySchema,
        response: {
          200: dataEnvelope(segmentDataPageSchema.or(segmentGroupsPageSchema)),
          202: dataEnvelope(segmentPreparingSchema),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const result = await readSegmentData(
        app.db,
        app.warehouse,
        request.auth,
        request.params.segmentId,
        request.query,
      );
      if (result.state === 'preparing') return reply.code(202).send(PREPARING);
      return { data: result.value };
    },
  );
  done();
};
