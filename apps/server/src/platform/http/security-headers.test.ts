import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, testUser, type TestApp } from '../../../test/app.js';
import { noPreparation, useTestApp } from '../../../test/use-test-app.js';

const html = { accept: 'text/html' };

/** The policy's directives by name, e.g. `{ 'script-src': ["'self'"] }`. */
function directivesOf(response: LightMyRequestResponse): Record<string, string[]> {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const csp = directivesOf(response);
  expect(csp['default-src'], what).toEqual(["'self'"]);
  expect(csp['script-src'], what).toEqual(["'self'"]);
  expect(csp['frame-ancestors'], what).toEqual(["'self'"]);
  expect(csp['object-src'], what).toEqual(["'none'"]);
  expect(String(response.headers['content-security-policy']), what).not.toMatch(/unsafe-eval/);
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  // Served over plain http: no HSTS.
  expect(response.headers['strict-transport-security'], what).toBeUndefined();
}

describe('security headers on every response (ADR 0012)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'revlane-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({
      env: {
        WEB_DIST_DIR: dist,
        SCHEDULING_URL: 'https://calendly.test/acme/demo',
        CONTENT_API_URL: 'https://files.revlane.test/content/api/v1',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('on the API, the SPA, the sign-in screen, errors and the probes', async () => {
    const user = await testUser(t, 'helmet@headers.example');
    const responses: [string, LightMyRequestResponse][] = [
      ['API', await t.app.inject(asUser(user, { method: 'GET', url: '/user/api/v1/users/me' }))],
      ['API without a token', await t.app.inject({ method: 'GET', url: '/user/api/v1/users/me' })],
      ['SPA', await t.app.inject({ method: 'GET', url: '/app/home', headers: html })],
      [
        'sign-in screen',
        await t.app.inject({ method: 'GET', url: '/idp/interaction/abc', headers: html }),
      ],
      ['unknown path', await t.app.inject({ method: 'GET', url: '/api/v1/nope' })],
      ['config', await t.app.inject({ method: 'GET', url: '/config.json' })],
      ['probe', await t.app.inject({ method: 'GET', url: '/healthz' })],
    ];
    for (const [what, response] of responses) expectSecurityHeaders(response, what);
    expect(responses[0]![1].statusCode).toBe(200);
    expect(responses[2]![1].statusCode).toBe(200);
  });

  it('lets the SPA frame the scheduling widget and call services deployed apart', async () => {
    const csp = directivesOf(await t.app.inject({ method: 'GET', url: '/', headers: html }));
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://calendly.test', 'https://tenant.test']),
    );
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://files.revlane.test', 'https://tenant.test']),
    );
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('keeps API answers out of caches, unless the route says otherwise', async () => {
    const user = await testUser(t, 'cache@headers.example');
    const me = await t.app.inject(asUser(user, { method: 'GET', url: '/user/api/v1/users/me' }));
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/user/api/v1/users/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.headers['cache-control']).toBe('no-cache');
  });

  it('ignores X-Forwarded-Proto from an untrusted client: no HSTS', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind a trusted TLS proxy (TRUST_PROXY)', () => {
  const context = useTestApp(noPreparation, {
    env: { TRUST_PROXY: 'true', APP_URL: 'https://revlane.test' },
  });

  it('sends HSTS only for requests that came over HTTPS', async () => {
    const { t } = context;
    const overHttps = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(directivesOf(overHttps)['upgrade-insecure-requests']).toEqual([]);
    const overHttp = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS: only configured origins (CORS_ORIGINS)', () => {
  const context = useTestApp(noPreparation, {
    env: {
      APP_URL: 'https://app.revlane.test',
      CORS_ORIGINS: 'https://admin.revlane.test, https://partner.example:8443/',
    },
  });

  const preflight = (origin: string) =>
    context.t.app.inject({
      method: 'OPTIONS',
      url: '/user/api/v1/users/me',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it.each([
    'https://app.revlane.test',
    'https://admin.revlane.test',
    'https://partner.example:8443',
  ])('answers the allowed origin %s', async (origin) => {
    const response = await preflight(origin);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/authorization/);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it.each(['https://evil.example', 'https://admin.revlane.test.evil.example', 'null'])(
    'gives %s no permission, before or on the actual request',
    async (origin) => {
      const { t } = context;
      const response = await preflight(origin);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const user = await testUser(t, `cors${Math.random()}@cors.example`);
      const actual = await t.app.inject(
        asUser(user, { method: 'GET', url: '/user/api/v1/users/me', headers: { origin } }),
      );
      expect(actual.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('refuses a CORS_ORIGINS entry that is not an origin, naming the variable', async () => {
    await expect(createTestApp({ env: { CORS_ORIGINS: 'not a url' } })).rejects.toThrow(
      /CORS_ORIGINS/,
    );
  });
});
