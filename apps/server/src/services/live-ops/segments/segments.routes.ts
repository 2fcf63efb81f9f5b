import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSegmentBodySchema,
  dataEnvelope,
  LIVE_OPS_API,
  segmentDependentListSchema,
  segmentDetailSchema,
  segmentSummaryListSchema,
  segmentVersionListSchema,
  updateSegmentBodySchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { segmentParamsSchema } from './segment-params.js';
import {
  createSegment,
  getSegmentDependents,
  getSegmentDetail,
  getSegmentVersions,
  listMySegments,
  removeSegment,
  updateSegmentSettings,
} from './segments.service.js';

const tags = ['segments'];
const detailResponse = dataEnvelope(segmentDetailSchema);

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

  routes.get(
    `/${LIVE_OPS_API.segment(':segmentId')}`,
    {
      schema: {
        tags,
        summary: 'A segment with its settings; status is preparing until the first data load',
        params: segmentParamsSchema,
        response: { 200: detailResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      data: await getSegmentDetail(app.db, app.warehouse, request.auth, request.params.segmentId),
    }),
  );

  routes.patch(
    `/${LIVE_OPS_API.segment(':segmentId')}`,
    {
      schema: {
        tags,
        summary:
          'Change a segment’s name, description, base filters, columns, grouping, sorting or state',
        params: segmentParamsSchema,
        body: updateSegmentBodySchema,
        response: { 200: detailResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await updateSegmentSettings(app, request.auth, request.params.segmentId, request.body),
    }),
  );

  routes.post(
    `/${LIVE_OPS_API.segments}`,
    {
      schema: {
        tags,
        summary:
          'Create a segment: a name unique in the organization, its base table and optionally its base filters',
        body: createSegmentBodySchema,
        response: { 201: detailResponse, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await createSegment(app, request.auth, request.body);
      return reply.status(201).send({ data });
    },
  );

  routes.delete(
    `/${LIVE_OPS_API.segment(':segmentId')}`,
    {
      schema: {
        tags,
        summary:
          'Delete a segment; refused (409 naming them) while cohorts, or alerts and plays on them, use it',
        params: segmentParamsSchema,
        response: { 204: z.null(), ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeSegment(app, request.auth, request.params.segmentId);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    `/${LIVE_OPS_API.dependents(':segmentId')}`,
    {
      schema: {
        tags,
        summary: 'What deleting the segment would break: its cohorts, their alerts and plays',
        params: segmentParamsSchema,
        response: { 200: dataEnvelope(segmentDependentListSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      data: await getSegmentDependents(app, request.auth, request.params.segmentId),
    }),
  );

  routes.get(
    `/${LIVE_OPS_API.versions(':segmentId')}`,
    {
      schema: {
        tags,
        summary: 'Versions of the segment’s definition (name and base filters), newest first',
        params: segmentParamsSchema,
        response: { 200: dataEnvelope(segmentVersionListSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      data: await getSegmentVersions(app.db, request.auth, request.params.segmentId),
    }),
  );
  done();
};
