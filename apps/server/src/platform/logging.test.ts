import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, testUser, type TestApp } from '../../test/app.js';
import { captureLogs } from '../../test/log-capture.js';
import { redactUrl } from './logging.js';

describe('log redaction', () => {
  it.each([
    [
      '/app/home?accessToken=abc.def.ghi&impersonateUser=42',
      '/app/home?accessToken=%5BREDACTED%5D&impersonateUser=42',
    ],
    [
      '/live-ops/api/v1/segments/1/export?token=t1&page=2',
      '/live-ops/api/v1/segments/1/export?token=%5BREDACTED%5D&page=2',
    ],
    ['/idp/cb?code=xyz&state=s', '/idp/cb?code=%5BREDACTED%5D&state=s'],
    ['/x?refresh_token=r&TOKEN=u', '/x?refresh_token=%5BREDACTED%5D&TOKEN=%5BREDACTED%5D'],
    ['/plain/path', '/plain/path'],
    // HubSpot's token APIs (served by the sandbox) take the token in the path.
    [
      '/sandbox/hubspot/oauth/v1/refresh-tokens/hubspot-rt-abc?x=1',
      '/sandbox/hubspot/oauth/v1/refresh-tokens/[REDACTED]?x=%5BREDACTED%5D',
    ],
    [
      '/sandbox/hubspot/oauth/v1/access-tokens/at1',
      '/sandbox/hubspot/oauth/v1/access-tokens/[REDACTED]',
    ],
    // An allow-list: names nobody listed are redacted, whatever their spelling.
    [
      '/idp/session/end?id_token_hint=eyJ.hint&post_logout_redirect_uri=http%3A%2F%2Fx%2F',
      '/idp/session/end?id_token_hint=%5BREDACTED%5D&post_logout_redirect_uri=http%3A%2F%2Fx%2F',
    ],
    [
      '/a?refreshToken=r1&password=p1&api_key=k1&token%5B%5D=t1&token[]=t2&page=3',
      '/a?refreshToken=%5BREDACTED%5D&password=%5BREDACTED%5D&api_key=%5BREDACTED%5D&token%5B%5D=%5BREDACTED%5D&token%5B%5D=%5BREDACTED%5D&page=3',
    ],
    ['/a?PAGE=1&page[]=2&perPage=5', '/a?PAGE=%5BREDACTED%5D&page%5B%5D=%5BREDACTED%5D&perPage=5'],
  ])('redactUrl(%s)', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  describe('in the request log', () => {
    let t: TestApp;
    const logs = captureLogs();
    beforeAll(async () => {
      t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: logs.stream });
    });
    afterAll(() => t.close());

    it('never writes the bearer token, cookies, or secret query values', async () => {
      const user = await testUser(t, 'logs@redaction.example');
      const forged = `${user.token.slice(0, -4)}AAAA`;
      await t.app.inject(
        asUser(user, {
          method: 'GET',
          url: '/user/api/v1/users/me',
          headers: { cookie: 'sid=cookie-secret' },
        }),
      );
      await t.app.inject(asUser(forged, { method: 'GET', url: '/user/api/v1/users/me' }));
      await t.app.inject({
        method: 'GET',
        url: `/app/home?accessToken=${user.token}&impersonateUser=7`,
      });
      await t.app.inject({
        method: 'GET',
        url: `/live-ops/api/v1/segments/1/export?token=ticket-secret`,
      });
      await t.app.inject({
        method: 'GET',
        url: `/idp/session/end?id_token_hint=hint-secret&refreshToken=refresh-secret&password=pw-secret&api_key=key-secret&token[]=array-secret`,
      });

      const text = logs.text();
      expect(logs.lines.length).toBeGreaterThan(4);
      expect(text).toContain('/app/home?accessToken=%5BREDACTED%5D&impersonateUser=7');
      expect(text).toContain('access token rejected');
      for (const secret of [
        user.token,
        forged,
        user.token.split('.')[2]!,
        'cookie-secret',
        'ticket-secret',
        'hint-secret',
        'refresh-secret',
        'pw-secret',
        'key-secret',
        'array-secret',
      ]) {
        expect(text).not.toContain(secret);
      }
    });
  });
});
