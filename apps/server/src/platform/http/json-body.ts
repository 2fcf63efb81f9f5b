import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors/http-error.js';

/**
 * The path (`body.name`, `body.filters[0].value`) of the first text or key holding a NUL
 * character, which neither PostgreSQL text nor jsonb can store: refused up front as a 400
 * naming the field instead of failing as a 500 at the insert.
 */
export function nulCharacterPath(value: unknown, path = 'body'): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes('\u0000') ? path : nulCharacterPath(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Query strings get the same rule as bodies: a NUL in any value or name (`?search=%00`) is a
 * 400 naming it (`query.search`) before a route sees it, instead of a 500 from a store.
 */
export function refuseNulInQueryStrings(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const path = nulCharacterPath(request.query, 'query');
    if (!path) return done();
    const message = 'Text cannot contain NUL characters';
    done(badRequest(`${message} (${path})`, [{ path, message }]));
  });
}

/**
 * The default JSON parser rejects an empty body sent with `Content-Type: application/json`.
 * Some clients send that header on body-less POSTs (accept-terms); treat it as no body and
 * let the route schema decide, keeping Fastify's prototype-poisoning protection otherwise.
 * Bodies with NUL characters are refused (see `nulCharacterPath`).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, (error, parsed) => {
      const path = error ? undefined : nulCharacterPath(parsed);
      if (path) {
        const message = 'Text cannot contain NUL characters';
        done(badRequest(`${message} (${path})`, [{ path, message }]), undefined);
        return;
      }
      done(error, parsed);
    });
  });
}
