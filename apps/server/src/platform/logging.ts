import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginCallback, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import type { AppConfigServer } from './config.js';

/** Query parameters that may carry credentials (export tickets, impersonation links, OAuth codes). */
const SECRET_QUERY_KEYS = new Set([
  'token',
  'accesstoken',
  'access_token',
  'id_token',
  'refresh_token',
  'code',
  'code_verifier',
  'client_secret',
]);
export const REDACTED = '[REDACTED]';

/** The URL with every secret-looking query value replaced, safe to write to a log. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_QUERY_KEYS.has(key.toLowerCase())) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

const REQUEST_ID_PATTERN = /^[\w.:-]{1,64}$/;

/** Honour a caller's X-Request-Id (tracing across services) only when it is log-safe. */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  remoteAddress?: string;
}

/** Fastify logger options: pino JSON, request ids, no credentials in any line. */
export function loggerOptions(
  config: Pick<AppConfigServer, 'logLevel'>,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: LoggedRequest & { hostname?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host ?? request.hostname,
        remoteAddress: request.remoteAddress ?? request.ip,
      }),
    },
  };
}

const registerLogging: FastifyPluginCallback = (app, _options, done) => {
  // Echo the id so a user's bug report can be matched with the server's log lines.
  app.addHook('onRequest', (request, reply, next) => {
    reply.header('x-request-id', request.id);
    next();
  });
  done();
};

export const loggingPlugin = fp(registerLogging, { name: 'revlane-logging' });
