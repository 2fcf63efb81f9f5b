import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, testUser, type TestApp, type TestUser } from '../../../test/app.js';
import {
  DEFAULT_BODY_LIMIT,
  DEFAULT_URL_LIMIT,
  SEGMENT_QUERY_URL_LIMIT,
} from './request-limits.js';

describe('request size limits (ADR 0012)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await testUser(t, 'limits@limits.example');
  });
  afterAll(() => t.close());

  it('answers a URL longer than the route allows with a 414 in the envelope', async () => {
    const response = await t.app.inject(
      asUser(user, {
        method: 'GET',
        url: `/user/api/v1/users/me?pad=${'x'.repeat(DEFAULT_URL_LIMIT)}`,
      }),
    );
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      error: 'uri_too_long',
      message: `The address is too long: at most ${DEFAULT_URL_LIMIT} characters here`,
    });
  });

  it('lets the segment data route take long filter lists, up to its own limit', async () => {
    const url = '/live-ops/api/v1/segments/00000000-0000-4000-8000-000000000000/data';
    const filters = encodeURIComponent(
      JSON.stringify(
        Array.from({ length: 300 }, (_, i) => ({ field: 'name', operator: 'eq', value: `n${i}` })),
      ),
    );
    expect(filters.length).toBeGreaterThan(DEFAULT_URL_LIMIT);
    const long = await t.app.inject(
      asUser(user, { method: 'GET', url: `${url}?filters=${filters}` }),
    );
    expect(long.statusCode).toBe(404); // past the limit check: the segment does not exist
    const tooLong = await t.app.inject(
      asUser(user, { method: 'GET', url: `${url}?filters=${'x'.repeat(SEGMENT_QUERY_URL_LIMIT)}` }),
    );
    expect(tooLong.statusCode).toBe(414);
  });

  it('lets such URLs through Node’s own header limit on a real socket (no bare 431)', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const pad = 'x'.repeat(40 * 1024);
    const segment = `${address}/live-ops/api/v1/segments/00000000-0000-4000-8000-000000000000`;
    const headers = { authorization: `Bearer ${user.token}` };
    const long = await fetch(`${segment}/data?search=&filters=[]&pad=${pad}`, { headers });
    expect(long.status).toBe(404);
    const elsewhere = await fetch(`${address}/user/api/v1/users/me?pad=${pad}`, { headers });
    expect(elsewhere.status).toBe(414);
    expect(await elsewhere.json()).toMatchObject({ error: 'uri_too_long' });
  });

  it('answers a JSON body over the limit with a 413 in the envelope, and changes nothing', async () => {
    const response = await t.app.inject(
      asUser(user, {
        method: 'PATCH',
        url: '/user/api/v1/users/me/profile',
        payload: { displayName: 'x'.repeat(DEFAULT_BODY_LIMIT) },
      }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'payload_too_large' });
    const me = await t.app.inject(asUser(user, { method: 'GET', url: '/user/api/v1/users/me' }));
    expect(me.json<{ data: { displayName: string } }>().data.displayName).toBe('limits');
  });
});
