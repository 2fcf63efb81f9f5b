import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import { Browser } from './browser.js';
import { CLIENT_ID, authorizeRequest, exchangeCode, refreshTokens, signIn } from './sdk-flow.js';
import { useSeededIdp } from './test-server.js';

const PASSWORD = 'correct horse battery';

describe('embedded identity provider: browser session (silent check, logout) and CLI tokens', () => {
  const idp = useSeededIdp(PASSWORD);

  it('answers the silent check (prompt=none) from the session cookie, or login_required', async () => {
    const { baseUrl } = idp();
    const browser = new Browser(baseUrl);
    await signIn(browser, 'demo@acme.example', PASSWORD);

    const silent = authorizeRequest(baseUrl, { prompt: 'none' });
    const response = await browser.fetch(silent.url.toString());
    expect(response.status).toBe(303);
    const landing = Browser.location(response);
    expect(landing.searchParams.get('state')).toBe(silent.state);
    const code = landing.searchParams.get('code');
    expect(code).toBeTruthy();
    const tokens = await exchangeCode(baseUrl, { ...silent, code: code! });
    expect(tokens.status).toBe(200);

    // The SDK's hidden iframe: response_mode=web_message posts the code to the parent window.
    const iframe = authorizeRequest(baseUrl, { prompt: 'none', responseMode: 'web_message' });
    const page = await browser.fetch(iframe.url.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('authorization_response');
    expect(html).toContain(iframe.state);
    expect(html).toMatch(/"code":"[^"]+"/);

    const anonymous = new Browser(baseUrl);
    const noSession = authorizeRequest(baseUrl, { prompt: 'none' });
    const refused = await anonymous.fetch(noSession.url.toString());
    expect(Browser.location(refused).searchParams.get('error')).toBe('login_required');
    const refusedFrame = await anonymous.fetch(
      authorizeRequest(baseUrl, { prompt: 'none', responseMode: 'web_message' }).url.toString(),
    );
    expect(await refusedFrame.text()).toContain('login_required');
  });

  it('signs out through /v2/logout and lands on returnTo', async () => {
    const { baseUrl } = idp();
    const browser = new Browser(baseUrl);
    const flow = await signIn(browser, 'demo@acme.example', PASSWORD);
    const tokens = await exchangeCode(baseUrl, flow);

    const logout = await browser.fetch(
      `/idp/v2/logout?client_id=${CLIENT_ID}&returnTo=${encodeURIComponent(baseUrl)}`,
    );
    expect(logout.status).toBe(200);
    const html = await logout.text();
    expect(html).toContain('.submit()');
    expect(html).toContain('<noscript>');
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action).toBe(`${baseUrl}/idp/v2/logout/confirm`);
    expect(html).toMatch(/name="logout" value="yes"/);

    const confirm = await browser.fetch(action!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(Browser.location(confirm).toString()).toBe(`${baseUrl}/`);
    expect(browser.cookies.has('revlane_idp_session')).toBe(false);

    const silent = await browser.fetch(
      authorizeRequest(baseUrl, { prompt: 'none' }).url.toString(),
    );
    expect(Browser.location(silent).searchParams.get('error')).toBe('login_required');
    // Signing out ends the grant: the refresh token of that session is dead too.
    const refreshed = await refreshTokens(baseUrl, tokens.body.refresh_token!);
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('shows the signed-out page when logout has nowhere to return to', async () => {
    const { baseUrl } = idp();
    const browser = new Browser(baseUrl);
    await signIn(browser, 'demo@acme.example', PASSWORD);
    const html = await (await browser.fetch('/idp/v2/logout')).text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    const confirm = await browser.fetch('/idp/v2/logout/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    const success = Browser.location(confirm);
    expect(success.pathname).toBe('/idp/v2/logout/success');
    const page = await browser.fetch(success.toString());
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('You are signed out');
    expect(text).toContain(`href="${baseUrl}/"`);
  });

  it('signs access tokens for the CLI with the provider key and claims', async () => {
    const { baseUrl } = idp();
    const flow = await signIn(new Browser(baseUrl), 'support@revlane.dev', PASSWORD);
    const issued = await idp().verify(
      (await exchangeCode(baseUrl, flow)).body.access_token!,
      'organizer',
    );
    const userId = issued.payload.sub!;

    const token = await idp().server.idp.signAccessToken(userId, { expiresInSeconds: 120 });
    const signed = await idp().verify(token, 'organizer');
    expect(decodeProtectedHeader(token)).toMatchObject({
      alg: 'RS256',
      typ: 'at+jwt',
      kid: issued.protectedHeader.kid,
    });
    expect(signed.payload.exp! - signed.payload.iat!).toBe(120);
    const { jti: _a, iat: _b, exp: _c, ...issuedClaims } = issued.payload;
    const { jti: _d, iat: _e, exp: _f, ...signedClaims } = signed.payload;
    expect(signedClaims).toEqual(issuedClaims);
    expect(idp().server.idp.publicJwks().keys[0]).not.toHaveProperty('d');
    await expect(
      idp().server.idp.signAccessToken('00000000-0000-0000-0000-000000000000'),
    ).rejects.toThrow();
  });
});
