import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPlayBodySchema,
  dataEnvelope,
  listQuerySchema,
  playPageSchema,
  playSchema,
  PLAYS_API,
  playWithSecretsSchema,
  updatePlayBodySchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { playParamsSchema } from './play-params.js';
import {
  changePlay,
  createPlay,
  getPlay,
  listPlays,
  removePlay,
  type PlaysDeps,
} from './plays.service.js';

const tags = ['plays'];

/** Plays' definitions (ADR 0024): create, list, read, change, delete. */
export const playsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: PlaysDeps = {
    db: app.db,
    secrets: app.secrets,
    flags: app.config.featureFlags,
    catalogueOf: (orgId) => app.warehouse.reader.catalogue(orgId),
    isSetUp: (provider) =>
      provider === 'google_sheets'
        ? app.config.sources.googleSheets.sandbox ||
          app.config.sources.googleSheets.serviceAccountKey !== undefined
        : app.config.connections[provider].isAvailable,
  };
  const one = `/${PLAYS_API.play(':id')}`;

  routes.post(
    `/${PLAYS_API.list}`,
    {
      schema: {
        tags,
        summary: 'Create a play: a trigger on a cohort and ordered actions',
        description:
          'Answers each new webhook action’s signing secret (whsec_…) once. A schedule trigger needs the feature flag edit_play_schedule (403 without it).',
        body: createPlayBodySchema,
        response: { 201: dataEnvelope(playWithSecretsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await createPlay(deps, request.auth, request.body);
      return reply.status(201).send({ data });
    },
  );

  routes.get(
    `/${PLAYS_API.list}`,
    {
      schema: {
        tags,
        summary: 'The organization’s plays with their last run, a page at a time (list params)',
        querystring: listQuerySchema,
        response: { 200: dataEnvelope(playPageSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await listPlays(deps, request.auth, request.query) }),
  );

  routes.get(
    one,
    {
      schema: {
        tags,
        summary: 'A play',
        params: playParamsSchema,
        response: { 200: dataEnvelope(playSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ data: await getPlay(deps, request.auth, request.params.id) }),
  );

  routes.patch(
    one,
    {
      schema: {
        tags,
        summary: 'Change a play (pause, resume, trigger, actions)',
        description:
          'The merged play is checked again. Changing the schedule needs the feature flag edit_play_schedule.',
        params: playParamsSchema,
        body: updatePlayBodySchema,
        response: { 200: dataEnvelope(playWithSecretsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      data: await changePlay(deps, request.auth, request.params.id, request.body),
    }),
  );

  routes.delete(
    one,
    {
      schema: {
        tags,
        summary: 'Delete a play (its runs stay readable)',
        params: playParamsSchema,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await removePlay(deps, request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );
  done();
};
