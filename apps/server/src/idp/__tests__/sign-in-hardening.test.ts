import { createHash } from 'node:crypto';
import { PASSWORD_RESET_PATHS } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { Browser } from './browser.js';
import { authorizeRequest, startSignIn } from './sdk-flow.js';
import { useSeededApp } from './test-server.js';

const PASSWORD = 'hardened-password';

/** The sign-in form in the whole app, behind a trusted proxy that reports client addresses. */
describe('sign-in against guessing and spraying (TRUST_PROXY, ADR 0012)', () => {
  const appUrl = useSeededApp(PASSWORD, {
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_STRICT_PER_MINUTE: '40',
  });

  async function signInPage(address: string) {
    const baseUrl = appUrl();
    const browser = new Browser(baseUrl);
    const uid = await startSignIn(browser, authorizeRequest(baseUrl));
    return (body: unknown) =>
      browser.fetch(`/idp/interaction/${uid}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      });
  }

  it('throttles one address trying many emails (30 failures), not the other addresses', async () => {
    const post = await signInPage('203.0.113.50');
    for (let i = 0; i < 30; i += 1) {
      const response = await post({ email: `victim${i}@acme.example`, password: 'Summer2026!' });
      expect(response.status).toBe(401);
    }
    const blocked = await post({ email: 'never-tried@acme.example', password: 'Summer2026!' });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      error: 'too_many_requests',
      message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Even the right password waits: the address is refused before anything is checked.
    const right = await post({ email: 'demo@acme.example', password: PASSWORD });
    expect(right.status).toBe(429);

    const elsewhere = await signInPage('198.51.100.20');
    expect((await elsewhere({ email: 'demo@acme.example', password: PASSWORD })).status).toBe(200);
  });

  it('gives the sign-in route the strict request limit, with Retry-After', async () => {
    const post = await signInPage('192.0.2.77');
    for (let i = 0; i < 40; i += 1) expect((await post({ email: 'nope' })).status).toBe(400);
    const limited = await post({ email: 'demo@acme.example', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: 'too_many_requests' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('gives the password reset routes the same strict limit', async () => {
    const forgot = () =>
      fetch(`${appUrl()}${PASSWORD_RESET_PATHS.forgot}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.90' },
        body: JSON.stringify({ email: 'not an email' }),
      });
    for (let i = 0; i < 40; i += 1) expect((await forgot()).status).toBe(400);
    const limited = await forgot();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: 'too_many_requests' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers an oversized sign-in body with a 413', async () => {
    const post = await signInPage('192.0.2.78');
    const response = await post({ email: 'demo@acme.example', password: 'x'.repeat(8 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('sends the security headers on the provider’s own pages, allowing only its own inline script', async () => {
    const baseUrl = appUrl();
    const discovery = await fetch(`${baseUrl}/idp/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(discovery.headers.get('x-content-type-options')).toBe('nosniff');
    expect(discovery.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");

    const logout = await fetch(`${baseUrl}/idp/v2/logout?client_id=revlane-web`);
    expect(logout.status).toBe(200);
    const html = await logout.text();
    const script = /<script>([^<]*)<\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const digest = createHash('sha256').update(script!).digest('base64');
    const policy = logout.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(
      new RegExp(`script-src 'self' 'sha256-${digest.replace(/[+/]/g, '\\$&')}'`),
    );
  });
});
