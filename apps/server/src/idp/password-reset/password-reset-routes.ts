import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ERROR_CODES,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordBodySchema,
  PASSWORD_RESET_PATHS,
  RESET_LINK_ERROR_CODES,
  RESET_LINK_MESSAGES,
  resetLinkCheckBodySchema,
  resetPasswordBodySchema,
  type FieldError,
} from '@revlane/contracts';
import { strictRateLimit } from '../../platform/http/rate-limits.js';
import type { PasswordResetService } from './password-reset-service.js';

export const PASSWORD_RESET_MESSAGES = {
  linkWorks: 'Choose a new password.',
  done: 'Your password has been changed. Sign in with your new password.',
} as const;

/** The provider mounts at /idp; the contract's paths include the mount. */
const routePath = (path: string) => path.replace(/^\/idp/, '');

/**
 * Forgot / reset password (docs/architecture.md §4.1): JSON in, the usual envelopes out.
 * Nothing here says whether an address has an account.
 */
export function registerPasswordResetRoutes(app: FastifyInstance, service: PasswordResetService) {
  // The API's strict request limit too (ADR 0012), besides the service's own throttles.
  const strictLimit = { config: { ...strictRateLimit } };
  app.post(routePath(PASSWORD_RESET_PATHS.forgot), strictLimit, async (request, reply) => {
    const body = parseBody(forgotPasswordBodySchema, request, reply);
    if (!body) return reply;
    const outcome = await service.requestLink(body.email, request.ip);
    if (outcome.kind === 'throttled') return tooManyRequests(reply, outcome.retryAfterSeconds);
    return send(reply, 200, { data: { message: FORGOT_PASSWORD_ANSWER } });
  });

  app.post(routePath(PASSWORD_RESET_PATHS.check), strictLimit, async (request, reply) => {
    const body = parseBody(resetLinkCheckBodySchema, request, reply);
    if (!body) return reply;
    const outcome = await service.checkLink(body.token, request.ip);
    if (outcome.kind === 'valid')
      return send(reply, 200, { data: { message: PASSWORD_RESET_MESSAGES.linkWorks } });
    return refuse(reply, outcome);
  });

  app.post(routePath(PASSWORD_RESET_PATHS.reset), strictLimit, async (request, reply) => {
    const body = parseBody(resetPasswordBodySchema, request, reply);
    if (!body) return reply;
    const outcome = await service.resetPassword(body.token, body.password, request.ip);
    if (outcome.kind === 'done')
      return send(reply, 200, { data: { message: PASSWORD_RESET_MESSAGES.done } });
    return refuse(reply, outcome);
  });
}

type Refusal =
  { kind: 'throttled'; retryAfterSeconds: number } | { kind: 'used' | 'expired' | 'invalid' };

function refuse(reply: FastifyReply, outcome: Refusal) {
  if (outcome.kind === 'throttled') return tooManyRequests(reply, outcome.retryAfterSeconds);
  // A link that worked once is gone (410); a made-up or altered one is a bad token (400).
  return send(reply, outcome.kind === 'invalid' ? 400 : 410, {
    error: RESET_LINK_ERROR_CODES[outcome.kind],
    message: RESET_LINK_MESSAGES[outcome.kind],
    errors: [{ path: 'token', message: RESET_LINK_MESSAGES[outcome.kind] }],
  });
}

/** 429 with the wait in `Retry-After` (seconds) and, in words, in the envelope's message. */
function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  reply.header('retry-after', String(retryAfterSeconds));
  return send(reply, 429, {
    error: ERROR_CODES[429],
    message: `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });
}

/** Answers about passwords and links are never cached. */
function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/** The body, or undefined after answering 400 with an error per field. */
function parseBody<T extends z.ZodType>(
  schema: T,
  request: FastifyRequest,
  reply: FastifyReply,
): z.infer<T> | undefined {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: key, message: 'Unknown field.' }))
      : [{ path: String(issue.path[0] ?? 'body'), message: issue.message }],
  );
  void send(reply, 400, { error: ERROR_CODES[400], message: errors[0]!.message, errors });
  return undefined;
}
