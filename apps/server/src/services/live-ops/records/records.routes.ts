import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  RECORD_KINDS,
  recordActivitySchema,
  recordDetailSchema,
  recordEventsPageSchema,
  segmentPreparingSchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import type { Readiness } from '../data/segment-query.js';
import { getRecordDetail } from './record-detail.service.js';
import { getRecordActivity, getRecordEvents } from './record-events.service.js';
import {
  recordActivityQuerySchema,
  recordEventsQuerySchema,
  recordParamsSchema,
} from './records-query.js';

const PREPARING = { data: { status: 'preparing' as const } };

/** 202 before the organization's first load, as segment pages answer (docs/product.md §8). */
function answer<T>(reply: FastifyReply, result: Readiness<T>) {
  if (result.state === 'preparing') return reply.code(202).send(PREPARING);
  return { data: result.value };
}

/**
 * A page per account and per user (docs/architecture.md §6, record pages): the record, its
 * timeline and its daily activity, for each kind (`accounts/{id}`, `users/{id}`). The paths
 * are written out: RECORDS_API encodes the id, which would encode Fastify's `:id`.
 */
export const recordsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, warehouse: app.warehouse });
  const preparing = { 202: dataEnvelope(segmentPreparingSchema) };
  for (const kind of RECORD_KINDS) {
    const one = kind === 'accounts' ? 'account' : 'user';
    routes.get(
      `/${kind}/:id`,
      {
        schema: {
          tags: ['records'],
          summary: `One ${one}: its segment row, columns by group, ${kind === 'accounts' ? 'users' : 'account'}, cohorts, alert firings and play actions; 202 while the first load runs`,
          params: recordParamsSchema,
          response: {
            200: dataEnvelope(recordDetailSchema),
            ...preparing,
            ...errorResponses(403, 404),
          },
        },
      },
      async (request, reply) =>
        answer(reply, await getRecordDetail(deps(), request.auth, kind, request.params.id)),
    );
    routes.get(
      `/${kind}/:id/events`,
      {
        schema: {
          tags: ['records'],
          summary: `A page of the ${one}’s events, newest first`,
          params: recordParamsSchema,
          querystring: recordEventsQuerySchema,
          response: {
            200: dataEnvelope(recordEventsPageSchema),
            ...preparing,
            ...errorResponses(400, 403, 404),
          },
        },
      },
      async (request, reply) =>
        answer(
          reply,
          await getRecordEvents(deps(), request.auth, kind, request.params.id, request.query),
        ),
    );
    routes.get(
      `/${kind}/:id/activity`,
      {
        schema: {
          tags: ['records'],
          summary: `The ${one}’s events per UTC day for the last \`days\` days, oldest first`,
          params: recordParamsSchema,
          querystring: recordActivityQuerySchema,
          response: {
            200: dataEnvelope(recordActivitySchema),
            ...preparing,
            ...errorResponses(400, 403, 404),
          },
        },
      },
      async (request, reply) =>
        answer(
          reply,
          await getRecordActivity(deps(), request.auth, kind, request.params.id, request.query),
        ),
    );
  }
  done();
};
