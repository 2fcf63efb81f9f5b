import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cross-origin browser calls only from the app's own origin and `CORS_ORIGINS`: another
 * site's page gets no `Access-Control-Allow-Origin`, so the browser keeps our answers from
 * it. The API takes bearer tokens, never cookies, so credentials are not allowed either.
 */
async function registerCors(app: FastifyInstance) {
  const allowed = new Set(app.config.corsOrigins);
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'impersonate-user', 'x-request-id'],
    exposedHeaders: ['retry-after', 'x-request-id', 'content-disposition'],
    maxAge: 600,
  });
}

export const corsPlugin = fp(registerCors, {
  name: 'revlane-cors',
  dependencies: ['revlane-config'],
});
