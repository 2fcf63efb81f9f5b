import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { AppConfigServer } from '../config.js';

const SELF = "'self'";

function originOf(url: string): string {
  return new URL(url).origin;
}

/** Other origins the SPA talks to: services deployed apart and an external identity tenant. */
function apiOrigins(config: AppConfigServer): string[] {
  const appOrigin = originOf(config.appUrl);
  const origins = [...Object.values(config.services), config.identity.domain].map(originOf);
  return [...new Set(origins)].filter((origin) => origin !== appOrigin);
}

/**
 * The Content Security Policy of every page we serve: the SPA, the sign-in screen (a page of
 * the SPA) and the provider's own pages, under ADR 0012. Scripts only from our origin (no
 * `unsafe-eval`, no inline script: the provider adds the hash of the few it writes);
 * inline styles are allowed because Ant Design writes its CSS at run time; frames only our
 * origin (silent sign-in, ADR 0004), the identity tenant and the scheduling widget.
 */
export function contentSecurityPolicy(config: AppConfigServer) {
  const isHttps = originOf(config.appUrl).startsWith('https:');
  const others = apiOrigins(config);
  return {
    useDefaults: false,
    directives: {
      'default-src': [SELF],
      'script-src': [SELF],
      'script-src-attr': ["'none'"],
      'style-src': [SELF, "'unsafe-inline'"],
      // Profile pictures come from the identity provider (Gravatar, Google…).
      'img-src': [SELF, 'data:', 'blob:', 'https:'],
      'font-src': [SELF, 'data:'],
      'connect-src': [SELF, ...others],
      'frame-src': [SELF, ...others, originOf(config.schedulingUrl)],
      'frame-ancestors': [SELF],
      'form-action': [SELF, ...others],
      'base-uri': [SELF],
      'object-src': ["'none'"],
      ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The headers helmet writes for a fixed policy, worked out once. @fastify/helmet builds
 * helmet's middleware, parsing the whole policy, on every request: measured at 10% of the
 * CPU of a small API answer under load (ADR 0020). Our policy never varies by request (no
 * nonces), so the same headers are set from this list.
 */
export function fixedSecurityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw new Error('helmet refused the security header options', { cause: error });
    },
  );
  return [...headers];
}

function registerSecurityHeaders(app: FastifyInstance, _options: object, done: () => void) {
  const headers = fixedSecurityHeaders({
    contentSecurityPolicy: contentSecurityPolicy(app.config),
    // Only over HTTPS (below): over plain http the header means nothing, and on localhost it
    // would pin every other local app on that host name to https.
    strictTransportSecurity: false,
    // Our pages embed the scheduling widget, which would refuse a credentialless embedder.
    crossOriginEmbedderPolicy: false,
    // The SDK's sign-in popup and the widget talk to their opener by postMessage.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });

  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    // `request.protocol` believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    // On the raw response, like helmet's: the identity provider's replies bypass Fastify's.
    if (request.protocol === 'https') {
      reply.raw.setHeader(
        'strict-transport-security',
        `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`,
      );
    }
    done();
  });

  // Answers about one user must not sit in a shared or browser cache; a route that wants
  // caching (config.json, the SPA's assets) says so itself.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.includes('json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  done();
}

/** Security headers on every response (docs/decisions/0012-hardening-policy.md). */
export const securityHeadersPlugin = fp(registerSecurityHeaders, {
  name: 'revlane-security-headers',
  dependencies: ['revlane-config'],
});
