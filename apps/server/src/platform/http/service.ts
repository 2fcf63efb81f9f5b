import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { requireAdmin } from '../auth/require-admin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers without a bearer token. Only for routes whose URL itself is the
     * credential (capability URLs, ADR 0005); everything else needs a signed-in user.
     */
    public?: boolean;
  }
}

export interface ServiceDefinition {
  /** Short id, as in `revlane serve --service <name>`. */
  name: string;
  title: string;
  description: string;
  /** Route plugins; their routes require a signed-in user unless `config.public` says not. */
  routes: (FastifyPluginCallback | FastifyPluginAsync)[];
  /**
   * The `jobs.ts` of the modules this service runs (docs/architecture.md §3.5): their
   * workers, schedules, event subscriptions and dependents lookups, registered with it.
   */
  jobs?: ((app: FastifyInstance) => Promise<void>)[];
  /**
   * Set when the service's writes are the organization's settings (docs/product.md §6):
   * every request that changes something (not GET or HEAD) needs an owner or admin, and a
   * member gets a 403 saying "Only admins may <adminWrites>", before anything is read.
   */
  adminWrites?: string;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A backend service (docs/architecture.md §3.1): its own OpenAPI document at `<mount>/docs` listing only
 * its routes (swagger is registered inside the service's encapsulated context), and its
 * routes behind authentication.
 */
export function defineService(definition: ServiceDefinition): FastifyPluginAsync {
  const servicePlugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    // A worker process runs the service's jobs and serves none of its API (ADR 0035).
    if (app.config.role === 'worker') {
      for (const jobs of definition.jobs ?? []) await jobs(app);
      return;
    }
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: `Revlane ${definition.title}`,
          description: definition.description,
          version: '1',
        },
        servers: [{ url: app.prefix }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    // indexPrefix: the UI's asset links must include the service's mount.
    await app.register(fastifySwaggerUi, { routePrefix: '/docs', indexPrefix: app.prefix });
    for (const jobs of definition.jobs ?? []) await jobs(app);

    await app.register(async (api) => {
      // The APIs speak JSON only: any other body is a 415, not a confusing validation error.
      api.removeContentTypeParser('text/plain');
      // The opt-out is read from the route itself, never from the path, so a new route is
      // protected unless it says otherwise, and its OpenAPI entry says the same.
      api.addHook('onRoute', (route) => {
        if (route.config?.public === true) route.schema = { ...route.schema, security: [] };
      });
      // Per client address before the token is even verified, per user once it is known.
      const { byAddress, byUser } = api.apiRateLimits;
      if (byAddress) api.addHook('onRequest', byAddress);
      api.addHook('onRequest', async (request) => {
        if (request.routeOptions.config.public === true) return;
        await api.authenticate(request);
      });
      const { adminWrites } = definition;
      if (adminWrites)
        api.addHook('onRequest', (request, _reply, done) => {
          const isWrite = request.routeOptions.config.public !== true && !READS.has(request.method);
          try {
            if (isWrite) requireAdmin(request.auth, adminWrites);
            done();
          } catch (error) {
            done(error as Error);
          }
        });
      if (byUser) api.addHook('preHandler', byUser);
      for (const routes of definition.routes) await api.register(routes);
    });
  };
  Object.defineProperty(servicePlugin, 'name', { value: `revlane-${definition.name}-service` });
  return servicePlugin;
}
