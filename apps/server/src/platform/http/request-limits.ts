import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors/http-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The longest URL (path and query string) this route takes; default `DEFAULT_URL_LIMIT`. */
    urlLimit?: number;
  }
}

/**
 * JSON bodies: enough for any form or filter list the SPA sends; a route that takes more says
 * so with Fastify's own route option `bodyLimit` (uploads are multipart, with their limits).
 */
export const DEFAULT_BODY_LIMIT = 256 * 1024;
/** URLs: ids and a few list parameters. Segment queries carry filters and raise it. */
export const DEFAULT_URL_LIMIT = 8 * 1024;
/** The segment data and export routes: filters (100,000 characters) and columns, encoded. */
export const SEGMENT_QUERY_URL_LIMIT = 128 * 1024;
/**
 * Node refuses longer request heads with a bare 431 before any route runs; this leaves room
 * for the longest URL a route allows, so that route can answer 414 in the envelope itself.
 */
export const MAX_HEADER_SIZE = SEGMENT_QUERY_URL_LIMIT + 16 * 1024;

/** A URL longer than its route allows is a 414 in the usual envelope (413 is Fastify's, for bodies). */
const registerRequestLimits: FastifyPluginCallback = (app, _options, done) => {
  app.addHook('onRequest', (request, _reply, next) => {
    const limit = request.routeOptions.config.urlLimit ?? DEFAULT_URL_LIMIT;
    if (request.url.length > limit) {
      next(new HttpError(414, `The address is too long: at most ${limit} characters here`));
      return;
    }
    next();
  });
  done();
};

export const requestLimitsPlugin = fp(registerRequestLimits, { name: 'revlane-request-limits' });
