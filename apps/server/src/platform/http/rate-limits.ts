import fastifyRateLimit from '@fastify/rate-limit';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../errors/http-error.js';
import {
  createMemoryCounter,
  openRateCounter,
  rateLimitStoreOn,
  type Queryable,
  type RateCounter,
} from './rate-limit-store.js';

const MINUTE_MS = 60_000;

/**
 * The caller for a limit: the signed-in user when known, else the client address. Never
 * the address limit's key (`address:`): the limits share one counter store.
 */
function userOrAddress(request: FastifyRequest): string {
  const userId = (request.auth as { user?: { id: string } } | null)?.user?.id;
  return userId ? `user:${userId}` : `anonymous:${request.ip}`;
}

function refusal(seconds: number) {
  return tooManyRequests(`Too many requests; try again in ${seconds} seconds`);
}

/**
 * The stricter limit of sign-in, password reset, uploads and exports (ADR 0012): add it to a
 * route's config (`config: { ...strictRateLimit }`). Counted per route and per user, or per
 * client address before sign-in; `RATE_LIMIT_STRICT_PER_MINUTE` (0 = off).
 */
export const strictRateLimit = {
  rateLimit: {
    max: (request: FastifyRequest) => request.server.config.rateLimits.strict,
    allowList: (request: FastifyRequest) => request.server.config.rateLimits.strict === 0,
    timeWindow: MINUTE_MS,
    keyGenerator: userOrAddress,
  },
} satisfies FastifyContextConfig;

type Limit = ReturnType<FastifyInstance['createRateLimit']>;

/** A hook refusing what is over `limit` with a 429, `Retry-After` and the usual envelope. */
function enforce(limit: Limit) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw refusal(result.ttlInSeconds);
  };
}

async function registerRateLimits(app: FastifyInstance) {
  const counter = await counterFor(app);
  app.addHook('onClose', () => counter.close());
  app.decorate('rateCounter', counter);
  await app.register(fastifyRateLimit, {
    // Routes opt in (strictRateLimit); the API-wide limits are the hooks below.
    global: false,
    // Counted where every web process sees the same counts (ADR 0035).
    store: rateLimitStoreOn(counter),
    errorResponseBuilder: (_request, context) => refusal(Math.ceil(context.ttl / 1000)),
  });
  const { perAddress, perUser } = app.config.rateLimits;
  const byAddress = app.createRateLimit({
    max: perAddress,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `address:${request.ip}`,
  });
  const byUser = app.createRateLimit({
    max: perUser,
    timeWindow: MINUTE_MS,
    keyGenerator: userOrAddress,
  });
  app.decorate('apiRateLimits', {
    byAddress: perAddress > 0 ? enforce(byAddress) : undefined,
    byUser: perUser > 0 ? enforce(byUser) : undefined,
  });
}

/**
 * Redis when REDIS_URL is set, else the metadata database when it is PostgreSQL, else memory
 * (PGlite: one process). A worker serves no API and the sign-in pages are the web
 * processes' (ADR 0035): its counts stay in memory, with no connection of their own.
 */
function counterFor(app: FastifyInstance): Promise<RateCounter> {
  if (app.config.role === 'worker') return Promise.resolve(createMemoryCounter());
  const log = app.log.child({ component: 'rate-limits' });
  // drizzle's node-postgres database keeps its pg.Pool as `$client`.
  const postgres =
    app.databaseKind === 'postgres'
      ? (app.db as unknown as { $client: Queryable }).$client
      : undefined;
  return openRateCounter({ redisUrl: app.config.redisUrl, postgres, log });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits' counters, shared by every process of a deployment (ADR 0035). */
    rateCounter: RateCounter;
    /**
     * The API-wide limits, for the services to hook in (`platform/http/service.ts`): per
     * client address before authentication (onRequest), per user after it (preHandler);
     * undefined when configured off.
     */
    apiRateLimits: {
      byAddress: onRequestAsyncHookHandler | undefined;
      byUser: onRequestAsyncHookHandler | undefined;
    };
  }
}

/** Rate limits (ADR 0012): 429 with `Retry-After` in the usual envelope. */
export const rateLimitsPlugin = fp(registerRateLimits, {
  name: 'revlane-rate-limits',
  dependencies: ['revlane-config', 'revlane-database'],
});
