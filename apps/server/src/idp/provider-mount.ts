import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { jsonToForm, replayRequest } from './replayed-request.js';

/** oidc-provider's own limit for form bodies. */
const BODY_LIMIT = 56 * 1024;
const FORM = 'application/x-www-form-urlencoded';
/** Provider paths that accept Auth0-style JSON bodies besides forms. */
const JSON_TOLERANT_PATHS = new Set(['/oauth/token', '/oauth/revoke']);

type ExpressLikeRequest = IncomingMessage & { originalUrl?: string; baseUrl?: string };

/**
 * Hands every request under the mount path to oidc-provider's Koa app, untouched: Fastify
 * neither answers nor parses it (the provider reads its own bodies), the reply is hijacked,
 * and the provider sees paths relative to its mount, Express-style (`originalUrl` keeps the
 * full path so the URLs it generates include the mount).
 */
export function registerProviderHandoff(
  app: FastifyInstance,
  provider: Provider,
  mountPath: string,
): void {
  const handle = provider.callback();

  // Fastify must leave bodies to the provider; JSON is read only to be replayed as a form.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.all('/*', async (request, reply) => {
    const originalUrl = request.raw.url ?? '/';
    const relativeUrl = rewriteLogout(originalUrl.slice(mountPath.length) || '/');
    const raw = providerRequest(request, relativeUrl.split('?')[0] ?? '/');
    Object.assign(raw, { originalUrl, baseUrl: mountPath, url: relativeUrl });
    reply.hijack();
    try {
      await handle(raw, reply.raw);
    } finally {
      // Fastify's own logging still reads the request's url after we are done.
      request.raw.url = originalUrl;
    }
  });
}

function providerRequest(request: FastifyRequest, relativePath: string): ExpressLikeRequest {
  const body = request.body;
  if (!Buffer.isBuffer(body)) return request.raw;
  const form = JSON_TOLERANT_PATHS.has(relativePath) ? jsonToForm(body) : undefined;
  // Anything else goes back as it came, so the provider answers with its usual error.
  return form
    ? replayRequest(request.raw, form, FORM)
    : replayRequest(request.raw, body, request.headers['content-type'] ?? 'application/json');
}

/**
 * Auth0's logout takes `returnTo`; OIDC RP-initiated logout calls it
 * `post_logout_redirect_uri`. The SDK also sends `client_id`, which the provider needs to
 * check the address against the client's registered ones.
 */
export function rewriteLogout(relativeUrl: string): string {
  const [path, query = ''] = splitOnce(relativeUrl, '?');
  if (path !== '/v2/logout' || !query) return relativeUrl;
  const params = new URLSearchParams(query);
  const returnTo = params.get('returnTo');
  if (returnTo === null) return relativeUrl;
  params.delete('returnTo');
  if (!params.has('post_logout_redirect_uri')) params.set('post_logout_redirect_uri', returnTo);
  return `${path}?${params.toString()}`;
}

function splitOnce(value: string, separator: string): [string, string?] {
  const index = value.indexOf(separator);
  return index === -1 ? [value] : [value.slice(0, index), value.slice(index + 1)];
}
