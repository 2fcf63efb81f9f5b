import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backtestBodySchema,
  backtestResultSchema,
  baseTableSchema,
  createScoreBodySchema,
  dataEnvelope,
  recordScoresSchema,
  SCORES_API,
  scoreListSchema,
  scorePreviewBodySchema,
  scorePreviewSchema,
  scoreSchema,
  scoreVersionListSchema,
  segmentPreparingSchema,
  updateScoreBodySchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import type { Readiness } from '../data/segment-query.js';
import {
  backtestSavedScore,
  previewUnsavedScore,
  readRecordScores,
} from './score-analysis.service.js';
import {
  changeScore,
  createScore,
  getScore,
  getScoreVersions,
  listScores,
  removeScore,
} from './scores.service.js';

const tags = ['scores'];
const scoreResponse = dataEnvelope(scoreSchema);
/** Any text, like cohort ids: a malformed id is a 404 like an unknown one. */
const scoreParamsSchema = z.object({ id: z.string().max(100) });
/** A record's id as the customer's data has it (any text, like record pages). */
const recordParamsSchema = z.object({ table: baseTableSchema, recordId: z.string().max(1_000) });
const preparing = { 202: dataEnvelope(segmentPreparingSchema) };
const PREPARING = { data: { status: 'preparing' as const } };

/** 202 before the organization's first load, as segment pages answer (docs/product.md §8). */
function answer<T>(reply: FastifyReply, result: Readiness<T>) {
  if (result.state === 'preparing') return reply.code(202).send(PREPARING);
  return { data: result.value };
}

/**
 * Scores (docs/product.md §2, ADR 0034): their definitions (writes for admins only), the
 * preview of an unsaved one, a back-test, and one record's breakdowns.
 */
export const scoresRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const list = `/${SCORES_API.list}`;
  const one = `/${SCORES_API.score(':id')}`;

  routes.get(
    list,
    {
      schema: {
        tags,
        summary: 'The organization’s scores, by name',
        response: { 200: dataEnvelope(scoreListSchema), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await listScores(app.db, request.auth) }),
  );

  routes.post(
    list,
    {
      schema: {
        tags,
        summary:
          'Create a score (admins): fit and behaviour rules over accounts or users; its three columns follow the next rebuild, which is queued',
        body: createScoreBodySchema,
        response: { 201: scoreResponse, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await createScore(app, request.auth, request.body);
      return reply.status(201).send({ data });
    },
  );

  routes.post(
    `/${SCORES_API.preview}`,
    {
      schema: {
        tags,
        summary:
          'Score an unsaved definition over the current data: histogram, count per grade and ten examples (all 0 before the first load)',
        body: scorePreviewBodySchema,
        response: { 200: dataEnvelope(scorePreviewSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await previewUnsavedScore(app, request.auth, request.body) }),
  );

  routes.get(
    // Written out: SCORES_API.record encodes the id, which would encode Fastify's `:recordId`.
    '/scores/records/:table/:recordId',
    {
      schema: {
        tags,
        summary:
          'One account’s or user’s scores with every rule’s contribution; 404 when the record does not exist',
        params: recordParamsSchema,
        response: {
          200: dataEnvelope(recordScoresSchema),
          ...preparing,
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { table, recordId } = request.params;
      return answer(reply, await readRecordScores(app, request.auth, table, recordId));
    },
  );

  routes.get(
    one,
    {
      schema: {
        tags,
        summary: 'A score',
        params: scoreParamsSchema,
        response: { 200: scoreResponse, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getScore(app.db, request.auth, request.params.id) }),
  );

  routes.patch(
    one,
    {
      schema: {
        tags,
        summary:
          'Change a score’s name, rules or grades (admins): a new version; its base table and columns stay',
        params: scoreParamsSchema,
        body: updateScoreBodySchema,
        response: { 200: scoreResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await changeScore(app, request.auth, request.params.id, request.body),
    }),
  );

  routes.delete(
    one,
    {
      schema: {
        tags,
        summary:
          'Delete a score (admins); refused (409 naming them) while segments, cohorts, plays or activations use its columns',
        params: scoreParamsSchema,
        response: { 204: z.null(), ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeScore(app, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    `/${SCORES_API.versions(':id')}`,
    {
      schema: {
        tags,
        summary: 'The score’s versions (name, rules and grades), newest first',
        params: scoreParamsSchema,
        response: { 200: dataEnvelope(scoreVersionListSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      data: await getScoreVersions(app.db, request.auth, request.params.id),
    }),
  );

  routes.post(
    `/${SCORES_API.backtest(':id')}`,
    {
      schema: {
        tags,
        summary:
          'Back-test a score: its value as of each past day against conversions within the horizon (AUC, deciles, grades); 202 while the first load runs',
        params: scoreParamsSchema,
        body: backtestBodySchema,
        response: {
          200: dataEnvelope(backtestResultSchema),
          ...preparing,
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) =>
      answer(reply, await backtestSavedScore(app, request.auth, request.params.id, request.body)),
  );
  done();
};
