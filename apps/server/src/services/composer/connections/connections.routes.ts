import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorizeResponseSchema,
  cohortDependentSchema,
  connectionListSchema,
  connectionProviderParamsSchema,
  connectionSchema,
  CONNECTIONS_API,
  dataEnvelope,
  oauthCallbackQuerySchema,
  syncSchema,
} from '@revlane/contracts';
import { errorResponses } from '../../../platform/http/responses.js';
import { completeAuthorization, startAuthorization } from './connections-oauth.service.js';
import {
  disconnect,
  getConnection,
  getConnections,
  syncConnection,
} from './connections.service.js';

const tags = ['connections'];
const params = connectionProviderParamsSchema;
const connectionResponse = dataEnvelope(connectionSchema);
const authorizeResponse = dataEnvelope(authorizeResponseSchema);

/** OAuth connections to CRMs and Slack (docs/architecture.md §6, Connections). */
export const connectionsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const one = `/${CONNECTIONS_API.one(':provider')}`;

  routes.get(
    `/${CONNECTIONS_API.list}`,
    {
      schema: {
        tags,
        summary: 'Every provider with its connection status',
        response: { 200: dataEnvelope(connectionListSchema), ...errorResponses(403) },
      },
    },
    async (request) => ({ data: await getConnections(app, request.auth) }),
  );

  routes.post(
    `/${CONNECTIONS_API.intercomWriteAccess}`,
    {
      schema: {
        tags,
        summary: 'Ask Intercom for write access (a second authorization)',
        response: { 200: authorizeResponse, ...errorResponses(403, 409) },
      },
    },
    async (request) => ({
      data: await startAuthorization(app, request.auth, 'intercom', 'write_access'),
    }),
  );

  routes.get(
    one,
    {
      schema: {
        tags,
        summary: 'One provider’s connection',
        params,
        response: { 200: connectionResponse, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await getConnection(app, request.auth, request.params.provider) }),
  );

  routes.post(
    one,
    {
      schema: {
        tags,
        summary: 'Start connecting: the provider’s authorize URL to open',
        params,
        response: { 200: authorizeResponse, ...errorResponses(400, 403, 409) },
      },
    },
    async (request) => ({
      data: await startAuthorization(app, request.auth, request.params.provider),
    }),
  );

  routes.get(
    `/${CONNECTIONS_API.dependents(':provider')}`,
    {
      schema: {
        tags,
        summary: 'The alerts and plays that send through the connection (before a disconnect)',
        params,
        response: {
          200: dataEnvelope(z.array(cohortDependentSchema)),
          ...errorResponses(400, 403),
        },
      },
    },
    async (request) => {
      const found = await app.dependents.connections.find(
        app.db,
        request.auth.org.id,
        request.params.provider,
      );
      // Alerts, then plays, each by name: the same list whatever order modules registered in.
      return {
        data: found.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name)),
      };
    },
  );

  routes.delete(
    one,
    {
      schema: {
        tags,
        summary: 'Disconnect: revoke at the provider, forget the tokens',
        params,
        response: { 200: connectionResponse, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ data: await disconnect(app, request.auth, request.params.provider) }),
  );

  routes.post(
    `/${CONNECTIONS_API.syncs(':provider')}`,
    {
      schema: {
        tags,
        summary: 'Sync now: a run of the CRM’s source',
        params,
        response: { 202: dataEnvelope(syncSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send({ data: await syncConnection(app, request.auth, request.params.provider) }),
  );

  // The provider sends the browser here, with no bearer token: the state is the proof.
  routes.get(
    `/${CONNECTIONS_API.callback(':provider')}`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'OAuth callback: redirects to the Connections page with the outcome',
        params,
        querystring: oauthCallbackQuerySchema,
        response: {
          302: z.null().describe('Redirect to /app/connections'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) =>
      reply.redirect(await completeAuthorization(app, request.params.provider, request.query)),
  );
  done();
};
