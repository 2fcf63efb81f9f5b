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

const MINUTE_MS = 60_000;

/** The caller for a limit: the signed-in user when known, else the client address. */
function userOrAddress(request: FastifyRequest): string {
  const userId = (request.auth as { user?: { id: string } } | null)?.user?.id;
  return userId ? `user:${userId}` : `address:${request.ip}`;
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
  await app.register(fastifyRateLimit, {
    // Routes opt in (strictRateLimit); the API-wide limits are the hooks below.
    global: false,
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

declare module 'fastify' {
  interface FastifyInstance {
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
  dependencies: ['revlane-config'],
});
