import { describe, expect, it } from 'vitest';
import { Browser } from './browser.js';
import { exchangeCode, signIn } from './sdk-flow.js';
import { useSeededApp } from './test-server.js';

const PASSWORD = 'in-app-password';

// The provider as app.ts mounts it, next to the SPA, the platform plugins and the services:
// a token from a real sign-in is accepted by the API.
describe('embedded identity provider inside the whole app', () => {
  const appUrl = useSeededApp(PASSWORD);

  it('signs in through /idp and calls the user service with the access token', async () => {
    const baseUrl = appUrl();
    const browser = new Browser(baseUrl);
    const page = await browser.fetch('/idp/interaction/any', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);

    const flow = await signIn(browser, 'demo@acme.example', PASSWORD);
    const { status, body } = await exchangeCode(baseUrl, flow);
    expect(status).toBe(200);

    const me = await fetch(`${baseUrl}/user/api/v1/users/me`, {
      headers: { authorization: `Bearer ${body.access_token!}` },
    });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain('demo@acme.example');
  });
});
