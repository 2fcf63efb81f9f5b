import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  exportTicketBodySchema,
  EXPORT_URL_PARAMS,
  exportTicketSchema,
  LIVE_OPS_API,
  segmentPreparingSchema,
} from '@revlane/contracts';
import { errorResponses, publicErrorResponses } from '../../../platform/http/responses.js';
import { exportListQuerySchema } from '../data/data-query.js';
import { segmentParamsSchema } from '../segments/segment-params.js';
import { issueExportTicket, openExport } from './export.service.js';
import { strictRateLimit } from '../../../platform/http/rate-limits.js';
import { SEGMENT_QUERY_URL_LIMIT } from '../../../platform/http/request-limits.js';

const tags = ['segment export'];

export const exportRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    `/${LIVE_OPS_API.exportTickets(':segmentId')}`,
    {
      config: { ...strictRateLimit },
      schema: {
        tags,
        summary:
          'A single-use ticket (60 s) for exporting exactly this list query (docs/architecture.md §4.5)',
        params: segmentParamsSchema,
        body: exportTicketBodySchema,
        response: { 201: dataEnvelope(exportTicketSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { auth, params, body } = request;
      const data = await issueExportTicket(app.db, app.warehouse, auth, params.segmentId, body);
      return reply.code(201).send({ data });
    },
  );

  routes.get(
    `/${LIVE_OPS_API.export(':segmentId')}`,
    {
      // The ticket in `token` is the credential: no bearer header on a download link.
      config: { public: true, urlLimit: SEGMENT_QUERY_URL_LIMIT, ...strictRateLimit },
      schema: {
        tags,
        summary: 'Every row of the query as CSV (RFC 4180), streamed; `token` is an export ticket',
        params: segmentParamsSchema,
        querystring: exportListQuerySchema.extend({
          [EXPORT_URL_PARAMS.token]: z.string().max(200).optional(),
          [EXPORT_URL_PARAMS.impersonatedUser]: z.string().max(200).optional(),
        }),
        response: {
          200: z.string().describe('text/csv; charset=utf-8'),
          202: dataEnvelope(segmentPreparingSchema),
          ...publicErrorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { token, impersonate_user_id: impersonatedUserId, ...query } = request.query;
      const result = await openExport(app.db, app.warehouse, request.params.segmentId, query, {
        token,
        impersonatedUserId,
      });
      if (result.state === 'preparing')
        return reply.code(202).send({ data: { status: 'preparing' as const } });
      const { fileName, body } = result.value;
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // A stream is piped as it is (never serialised); the schema documents the CSV text.
          .send(body as unknown as string)
      );
    },
  );
  done();
};
