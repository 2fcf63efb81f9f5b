import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema, errorEnvelopeSchema, type AppConfig } from '@revlane/contracts';
import type { AppConfigServer } from '../config.js';
import { serviceUnavailable } from '../errors/http-error.js';

const statusSchema = z.object({ status: z.literal('ok') });

/** What the SPA needs to know at run time, so one build runs anywhere (docs/architecture.md §3.1). */
export function appConfigFor(config: AppConfigServer): AppConfig {
  return {
    services: config.services,
    auth: {
      domain: config.identity.domain,
      clientId: config.identity.clientId,
      audience: config.identity.audience,
      embedded: config.identity.kind === 'embedded',
    },
    idle: config.idle,
    featureFlags: { ...config.featureFlags },
    scheduling: { url: config.schedulingUrl, eventType: 'demo' },
    googleServiceAccountEmail: config.googleServiceAccountEmail,
  };
}

/** `/config.json` and the liveness/readiness probes; none of them needs a token. */
export const rootRoutes: FastifyPluginCallback = (app, _options, done) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const appConfig = appConfigFor(app.config);

  routes.get(
    '/config.json',
    { schema: { hide: true, response: { 200: appConfigSchema } } },
    (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return appConfig;
    },
  );

  // Liveness: the process runs and its event loop answers.
  // Probes run every few seconds: log them only when something is wrong.
  const probeLogLevel = 'warn';

  routes.get(
    '/healthz',
    { logLevel: probeLogLevel, schema: { hide: true, response: { 200: statusSchema } } },
    () => ({ status: 'ok' as const }),
  );

  // Readiness: only route traffic here when the metadata database answers.
  routes.get(
    '/readyz',
    {
      logLevel: probeLogLevel,
      schema: { hide: true, response: { 200: statusSchema, 503: errorEnvelopeSchema } },
    },
    async () => {
      if (!(await app.isDatabaseReady()))
        throw serviceUnavailable('The metadata database does not answer');
      return { status: 'ok' as const };
    },
  );
  done();
};
