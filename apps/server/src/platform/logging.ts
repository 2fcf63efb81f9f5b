import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginCallback, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import type { AppConfigServer } from './config.js';

/**
 * Query parameters whose values may be logged. An allow-list, not a deny-list: a parameter
 * nobody thought of (`id_token_hint`, `refreshToken`, `api_key`, `token[]`, a future
 * route's) is redacted until someone decides its values are safe to keep in logs. Names
 * are compared as sent (case and brackets included), so `TOKEN` or `page[]` is not `page`.
 */
const LOGGABLE_QUERY_KEYS = new Set([
  // Lists (docs/product.md §7) and the segment data/export queries.
  'page',
  'perPage',
  'search',
  'sortBy',
  'filters',
  'columns',
  'pivot',
  'pivot_identifier',
  'since',
  'limit',
  'impersonateUser',
  'impersonate_user_id',
  // OAuth requests to the identity provider that carry no credential.
  'client_id',
  'redirect_uri',
  'post_logout_redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'audience',
  'prompt',
  'state',
  'code_challenge_method',
  'ui_locales',
  'error',
  'error_description',
]);
export const REDACTED = '[REDACTED]';

/**
 * HubSpot's token APIs take the token in the path (`/oauth/v1/refresh-tokens/<token>`); the
 * sandbox serves them inside this app, so such a segment is redacted too (ADR 0028).
 */
const TOKEN_IN_PATH = /(\/(?:access|refresh)-tokens\/)[^/?]+/g;

/** The URL with every query value not known to be harmless replaced, safe to write to a log. */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(TOKEN_IN_PATH, `$1${REDACTED}`);
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const kept = new URLSearchParams();
  for (const [key, value] of params)
    kept.append(key, LOGGABLE_QUERY_KEYS.has(key) ? value : REDACTED);
  return `${url.slice(0, queryStart)}?${kept.toString()}`;
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
