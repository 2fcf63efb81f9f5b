import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  playPreviewSchema,
  playRunDetailSchema,
  playRunListSchema,
  PLAYS_API,
} from '@revlane/contracts';
import { errorResponses } from '../../../../platform/http/responses.js';
import { playParamsSchema, playRunParamsSchema } from '../play-params.js';
import { getRun, listRuns, previewPlay } from './runs.service.js';

const tags = ['plays'];

/** A play's runs (also after it was deleted) and its preview (ADR 0024). */
export const playRunsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    `/${PLAYS_API.preview(':id')}`,
    {
      schema: {
        tags,
        summary: 'What each action would send for up to 3 current members; sends nothing',
        params: playParamsSchema,
        response: { 200: dataEnvelope(playPreviewSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      data: await previewPlay(
        { db: app.db, warehouse: app.warehouse.engine },
        request.auth,
        request.params.id,
      ),
    }),
  );

  routes.get(
    `/${PLAYS_API.runs(':id')}`,
    {
      schema: {
        tags,
        summary: 'The play’s runs, newest first, with their counts',
        params: playParamsSchema,
        response: { 200: dataEnvelope(playRunListSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await listRuns(app.db, request.auth, request.params.id) }),
  );

  routes.get(
    `/${PLAYS_API.run(':id', ':runId')}`,
    {
      schema: {
        tags,
        summary: 'A run: per record and action, status, attempts, external id and error',
        params: playRunParamsSchema,
        response: { 200: dataEnvelope(playRunDetailSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      data: await getRun(app.db, request.auth, request.params.id, request.params.runId),
    }),
  );
  done();
};
