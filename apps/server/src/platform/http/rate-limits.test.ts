import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { asUser, testUser, type TestApp } from '../../../test/app.js';
import { noPreparation, useTestApp } from '../../../test/use-test-app.js';

const me: InjectOptions = { method: 'GET', url: '/user/api/v1/users/me' };
const ticketsOf = (segmentId: string): InjectOptions => ({
  method: 'POST',
  url: `/live-ops/api/v1/segments/${segmentId}/export-tickets`,
  payload: {},
});
const NO_SEGMENT = '00000000-0000-4000-8000-000000000000';

function expectRefused(response: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: 'too_many_requests',
    message: expect.stringMatching(/^Too many requests; try again in \d+ seconds$/) as unknown,
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits per client address (ADR 0012)', () => {
  const context = useTestApp(noPreparation, {
    env: { RATE_LIMIT_ADDRESS_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' },
  });

  it('refuses the fourth request a minute from one address, signed in or not', async () => {
    const { t } = context;
    const from = (address: string, request: InjectOptions): InjectOptions => ({
      ...request,
      headers: { ...request.headers, 'x-forwarded-for': address },
    });
    const user = await testUser(t, 'many@address.example');
    expect((await t.app.inject(from('203.0.113.7', asUser(user, me)))).statusCode).toBe(200);
    expect((await t.app.inject(from('203.0.113.7', me))).statusCode).toBe(401);
    expect((await t.app.inject(from('203.0.113.7', asUser(user, me)))).statusCode).toBe(200);
    expectRefused(await t.app.inject(from('203.0.113.7', asUser(user, me))));
    // Another client, as the trusted proxy reports it, is counted on its own.
    expect((await t.app.inject(from('198.51.100.9', asUser(user, me)))).statusCode).toBe(200);
    // The SPA's files and the probes are not the API.
    expect(
      (await t.app.inject(from('203.0.113.7', { method: 'GET', url: '/healthz' }))).statusCode,
    ).toBe(200);
  });
});

describe('rate limits per user, and the strict limit of exports and uploads', () => {
  const context = useTestApp(noPreparation, {
    env: { RATE_LIMIT_USER_PER_MINUTE: '4', RATE_LIMIT_STRICT_PER_MINUTE: '2' },
  });

  it('counts each user on their own, whatever address they share', async () => {
    const { t } = context;
    const busy = await testUser(t, 'busy@users.example');
    const calm = await testUser(t, 'calm@users.example');
    for (let i = 0; i < 4; i += 1)
      expect((await t.app.inject(asUser(busy, me))).statusCode).toBe(200);
    expectRefused(await t.app.inject(asUser(busy, me)));
    expect((await t.app.inject(asUser(calm, me))).statusCode).toBe(200);
  });

  it('allows two export tickets a minute per user, and says when to come back', async () => {
    const { t } = context;
    const exporter = await testUser(t, 'exporter@strict.example');
    const other = await testUser(t, 'other@strict.example');
    expect((await t.app.inject(asUser(exporter, ticketsOf(NO_SEGMENT)))).statusCode).toBe(404);
    expect((await t.app.inject(asUser(exporter, ticketsOf(NO_SEGMENT)))).statusCode).toBe(404);
    expectRefused(await t.app.inject(asUser(exporter, ticketsOf(NO_SEGMENT))));
    expect((await t.app.inject(asUser(other, ticketsOf(NO_SEGMENT)))).statusCode).toBe(404);
    // Other routes are not part of that count.
    expect((await t.app.inject(asUser(exporter, me))).statusCode).toBe(200);
  });

  it('applies the strict limit to uploads and to export downloads', async () => {
    const { t } = context;
    const uploader = await testUser(t, 'uploader@strict.example');
    const upload: InjectOptions = {
      method: 'POST',
      url: '/content/api/v1/files',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    };
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await t.app.inject(asUser(uploader, upload))).statusCode);
    expect(statuses.slice(0, 2)).not.toContain(429);
    expect(statuses[2]).toBe(429);

    const download: InjectOptions = {
      method: 'GET',
      url: `/live-ops/api/v1/segments/${NO_SEGMENT}/export?token=nope`,
    };
    for (let i = 0; i < 2; i += 1) expect((await t.app.inject(download)).statusCode).toBe(401);
    expectRefused(await t.app.inject(download));
  });
});

describe('rate limits configured off', () => {
  const context = useTestApp(noPreparation, { env: { RATE_LIMIT_USER_PER_MINUTE: '0' } });

  it('refuses nothing with 0', async () => {
    const { t } = context;
    const user = await testUser(t, 'free@off.example');
    for (let i = 0; i < 30; i += 1)
      expect((await t.app.inject(asUser(user, me))).statusCode).toBe(200);
  });
});
