import type { FastifyInstance } from 'fastify';

/**
 * The default JSON parser rejects an empty body sent with `Content-Type: application/json`.
 * Some clients send that header on body-less POSTs (accept-terms); treat it as no body and
 * let the route schema decide, keeping Fastify's prototype-poisoning protection otherwise.
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
    void parseJson(request, text, done);
  });
}
