import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES, ERROR_TEXTS, type ErrorEnvelope } from '@revlane/contracts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isHttpError } from './http-error.js';
import { collectValidationErrors, summarize } from './validation-errors.js';

/** Fastify's own 4xx errors (bad JSON, too large, wrong media type) carry safe messages. */
const isClientError = (status: number | undefined): status is number =>
  status !== undefined && status >= 400 && status < 500;

function codeFor(status: number): string {
  return (
    (ERROR_CODES as Record<number, string>)[status] ??
    (status < 500 ? 'bad_request' : 'internal_error')
  );
}

function toEnvelope(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; body: ErrorEnvelope } {
  if (hasZodFastifySchemaValidationErrors(error) || error.code === 'FST_ERR_VALIDATION') {
    const errors = collectValidationErrors(request);
    return { status: 400, body: { error: ERROR_CODES[400], message: summarize(errors), errors } };
  }
  if (isHttpError(error)) {
    const body: ErrorEnvelope = { error: error.code, message: error.message };
    if (error.errors) body.errors = error.errors;
    return { status: error.statusCode, body };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return {
      status: 415,
      body: {
        error: ERROR_CODES[415],
        message: 'Send the body as JSON (Content-Type: application/json)',
      },
    };
  }
  if (isClientError(error.statusCode)) {
    const status = error.statusCode;
    return { status, body: { error: codeFor(status), message: error.message } };
  }
  // Internals (stack, SQL, driver messages) never reach the client; the log has them.
  return { status: 500, body: { error: ERROR_CODES[500], message: ERROR_TEXTS.tryLater } };
}

const registerErrorHandler: FastifyPluginCallback = (app, _options, done) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toEnvelope(error, request);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ status, code: body.error }, 'request rejected');
    return reply.status(status).send(body);
  });
  done();
};

/** The docs/architecture.md §7 envelope for every error, whichever service or plugin raised it. */
export const errorsPlugin = fp(registerErrorHandler, { name: 'revlane-errors' });
