import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@revlane/contracts';

/** Paths the services and the identity provider own: never answered with the SPA. */
const API_MOUNTS = ['/api', '/user', '/composer', '/live-ops', '/content', '/transfer', '/idp'];
/** The identity provider's sign-in screens are SPA pages (docs/architecture.md §4.1). */
const SPA_PAGES_UNDER_IDP = '/idp/interaction/';

export function isApiPath(pathname: string): boolean {
  if (pathname.startsWith(SPA_PAGES_UNDER_IDP)) return false;
  return API_MOUNTS.some((mount) => pathname === mount || pathname.startsWith(`${mount}/`));
}

function setCacheHeaders(reply: FastifyReply, filePath: string) {
  // Vite fingerprints everything under assets/, so it may be cached for good; index.html
  // must be revalidated or users would keep loading an old build.
  const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
  reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

async function registerWebApp(app: FastifyInstance) {
  const root = app.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (wantsHtml(request) && !isApiPath(pathname)) {
      if (existsSync(indexFile))
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.status(503).send({
        error: ERROR_CODES[503],
        message:
          'The web app has not been built: run `npm run build` (or `npm start`, which builds it).',
      });
    }
    return reply.status(404).send({
      error: ERROR_CODES[404],
      message: `No route ${request.method} ${pathname}`,
    });
  });
}

/** Serves the built SPA from `/` with history fallback; unknown API paths get a JSON 404. */
export const webAppPlugin = fp(registerWebApp, {
  name: 'revlane-web-app',
  dependencies: ['revlane-config'],
});
