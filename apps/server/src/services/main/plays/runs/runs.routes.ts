import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  playPreviewSchema,
  playRunDetailSchema,
  playRunListSchema,
  PLAYS_API,
  resendResultSchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../../platform/http/responses.js';
import { playParamsSchema, playRunParamsSchema } from '../play-params.js';
import { PLAY_RUN_JOB, playRunJobOptions } from './play-jobs.js';
import { getRun, listRuns, previewPlay, resendRun } from './runs.service.js';

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
  routes.post(
    `/${PLAYS_API.resend(':id', ':runId')}`,
    {
      schema: {
        tags,
        summary: 'Try the run’s failed items again, each with its original idempotency key',
        description:
          'Answers 202 with how many items were resent (0 when none had failed); the run is running again until they are settled. Admins only.',
        params: playRunParamsSchema,
        response: { 202: dataEnvelope(resendResultSchema), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const enqueue = async (runId: string) => {
        await app.jobs.send(PLAY_RUN_JOB, { runId }, playRunJobOptions(runId));
      };
      const result = await resendRun(
        { db: app.db, enqueue },
        request.auth,
        request.params.id,
        request.params.runId,
      );
      return reply.code(202).send({ data: result });
    },
  );
  done();
};
