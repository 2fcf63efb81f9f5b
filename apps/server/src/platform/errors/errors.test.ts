import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@revlane/contracts';
import { asUser, createTestApp, testUser, type TestApp, type TestUser } from '../../../test/app.js';
import { captureLogs } from '../../../test/log-capture.js';

describe('error envelope (docs/architecture.md §7)', () => {
  let t: TestApp;
  let user: TestUser;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'error' },
      logStream: logs.stream,
      extend: (app) => {
        app.get('/api/v1/test/explode', () => {
          throw new Error(
            'connection to 10.0.0.7 refused: password authentication failed for "admin"',
          );
        });
        app.get('/api/v1/test/echo-query', (request) => request.query);
      },
    });
    user = await testUser(t, 'err@errors.example');
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/user/api/v1/does-not-exist'],
    ['POST', '/api/v1/nothing/here'],
    ['DELETE', '/live-ops/api/v1/segments/1/columns'],
    ['GET', '/transfer/files/abc'],
    ['GET', '/idp/unknown-endpoint'],
  ] as const)('answers %s %s (no such route) with a JSON 404', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { accept: 'text/html,application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ error: 'not_found', message: `No route ${method} ${url}` });
  });

  // The body refusals of PATCH users/me/profile: the body never reaches the route.
  it.each([
    {
      refusal: 'invalid JSON',
      status: 400,
      contentType: 'application/json',
      payload: '{"displayName": ',
      answer: { error: 'bad_request', message: expect.stringMatching(/JSON/) as unknown },
    },
    {
      refusal: 'a body that is not JSON',
      status: 415,
      contentType: 'text/plain',
      payload: 'displayName=Eve',
      answer: { error: 'unsupported_media_type' },
    },
    {
      refusal: 'an oversized body',
      status: 413,
      contentType: 'application/json',
      payload: JSON.stringify({ displayName: 'x'.repeat(2 * 1024 * 1024) }),
      answer: { error: 'payload_too_large' },
    },
  ])('answers $refusal with a $status', async ({ status, contentType, payload, answer }) => {
    const response = await t.app.inject(
      asUser(user, {
        method: 'PATCH',
        url: '/user/api/v1/users/me/profile',
        headers: { 'content-type': contentType },
        payload,
      }),
    );
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(answer);
  });

  it('refuses a NUL in a query string with a 400 naming it, before the route runs', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/echo-query?search=a%00b',
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('query.search');
    const served = await t.app.inject({ method: 'GET', url: '/api/v1/test/echo-query?search=ab' });
    expect(served.json()).toEqual({ search: 'ab' });
  });

  it('answers a failing route with a 500 that hides internals, and logs them with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal_error', message: ERROR_TEXTS.tryLater });
    expect(response.body).not.toMatch(/10\.0\.0\.7|password authentication|\\"admin\\"|\.ts:\d+/);

    const requestId = response.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    const logged = logs
      .records()
      .find((record) => record.reqId === requestId && record.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('10.0.0.7 refused');
  });

  it('echoes a caller’s safe X-Request-Id and replaces an unsafe one', async () => {
    const safe = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(safe.headers['x-request-id']).toBe('trace-123');
    const unsafe = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a\nb c' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
