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
      ]) {
        expect(text).not.toContain(secret);
      }
    });
  });
});
