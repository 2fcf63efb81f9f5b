import { describe, expect, it } from 'vitest';
import { Browser } from './browser.js';
import {
  CLIENT_ID,
  authorizeRequest,
  exchangeCode,
  refreshTokens,
  signIn,
  startSignIn,
} from './sdk-flow.js';
import { SPA_HTML, useSeededIdp } from './test-server.js';

const PASSWORD = 'correct horse battery';

describe('embedded identity provider: sign-in as @auth0/auth0-spa-js does it', () => {
  const idp = useSeededIdp(PASSWORD);

  it('publishes Auth0-shaped endpoints under /idp in its discovery document', async () => {
    const { baseUrl } = idp();
    const response = await fetch(`${baseUrl}/idp/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${baseUrl}/idp/`,
      authorization_endpoint: `${baseUrl}/idp/authorize`,
      token_endpoint: `${baseUrl}/idp/oauth/token`,
      jwks_uri: `${baseUrl}/idp/.well-known/jwks.json`,
      userinfo_endpoint: `${baseUrl}/idp/userinfo`,
      revocation_endpoint: `${baseUrl}/idp/oauth/revoke`,
      end_session_endpoint: `${baseUrl}/idp/v2/logout`,
    });
    expect(discovery.response_modes_supported).toContain('web_message');
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('serves the SPA for the sign-in page', async () => {
    const { baseUrl } = idp();
    const browser = new Browser(baseUrl);
    const uid = await startSignIn(browser, authorizeRequest(baseUrl));
    const page = await browser.fetch(`/idp/interaction/${uid}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toBe(SPA_HTML);
  });

  it('signs in with code + PKCE and issues Auth0-like tokens', async () => {
    const { baseUrl, acmeOrgId } = idp();
    const browser = new Browser(baseUrl);
    const flow = await signIn(browser, 'demo@acme.example', PASSWORD);
    const { status, body } = await exchangeCode(baseUrl, flow);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.refresh_token).toBeTruthy();

    const access = await idp().verify(body.access_token!, 'organizer');
    expect(access.protectedHeader).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(access.protectedHeader.kid).toBeTruthy();
    expect(access.payload).toMatchObject({
      iss: `${baseUrl}/idp/`,
      aud: 'organizer',
      azp: CLIENT_ID,
      client_id: CLIENT_ID,
      email: 'demo@acme.example',
      name: 'Dana Demo',
      org_id: acmeOrgId,
      permissions: [],
    });
    expect(access.payload.scope).toContain('openid');
    expect(access.payload.exp! - access.payload.iat!).toBe(3600);

    const id = await idp().verify(body.id_token!, CLIENT_ID);
    expect(id.payload).toMatchObject({
      iss: `${baseUrl}/idp/`,
      aud: CLIENT_ID,
      nonce: flow.nonce,
      name: 'Dana Demo',
      email: 'demo@acme.example',
      email_verified: true,
    });
    expect(id.payload.sub).toBe(access.payload.sub);
    expect(typeof id.payload.updated_at).toBe('number');
    expect(id.payload.exp! - id.payload.iat!).toBe(3600);
  });

  it('puts the profile in the id token also without an audience (token for /userinfo)', async () => {
    const { baseUrl } = idp();
    const flow = await signIn(new Browser(baseUrl), 'demo@acme.example', PASSWORD, {
      audience: null,
    });
    const { status, body } = await exchangeCode(baseUrl, flow);
    expect(status).toBe(200);
    const id = await idp().verify(body.id_token!, CLIENT_ID);
    expect(id.payload).toMatchObject({ name: 'Dana Demo', email: 'demo@acme.example' });
    // Without an audience the access token is opaque, good for /userinfo only (as with Auth0).
    expect(body.access_token!.split('.')).toHaveLength(1);
    const userinfo = await fetch(`${baseUrl}/idp/userinfo`, {
      headers: { authorization: `Bearer ${body.access_token!}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({
      sub: id.payload.sub,
      email: 'demo@acme.example',
    });
  });

  it('keeps the session in an http-only cookie under /idp that works on plain http', async () => {
    const { baseUrl } = idp();
    const browser = new Browser(baseUrl);
    await signIn(browser, 'demo@acme.example', PASSWORD);
    const session = browser.lastSetCookies.find((c) => c.startsWith('revlane_idp_session='));
    expect(session).toBeDefined();
    expect(session).toMatch(/path=\/idp/i);
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
    expect(session).not.toMatch(/;\s*secure/i);
    expect(session).toMatch(/expires=/i);
  });

  it('accepts the code exchange as JSON too', async () => {
    const { baseUrl } = idp();
    const flow = await signIn(new Browser(baseUrl), 'demo@acme.example', PASSWORD);
    const { status, body } = await exchangeCode(baseUrl, flow, { json: true });
    expect(status).toBe(200);
    expect(body.access_token).toBeTruthy();
  });

  it('rotates refresh tokens and refuses a used one', async () => {
    const { baseUrl, acmeOrgId } = idp();
    const flow = await signIn(new Browser(baseUrl), 'demo@acme.example', PASSWORD);
    const first = await exchangeCode(baseUrl, flow);
    const refreshed = await refreshTokens(baseUrl, first.body.refresh_token!);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    const access = await idp().verify(refreshed.body.access_token!, 'organizer');
    expect(access.payload).toMatchObject({ azp: CLIENT_ID, org_id: acmeOrgId });
    expect(refreshed.body.id_token).toBeTruthy();

    const reused = await refreshTokens(baseUrl, first.body.refresh_token!);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('refuses a code exchange without the right PKCE verifier', async () => {
    const { baseUrl } = idp();
    const flow = await signIn(new Browser(baseUrl), 'demo@acme.example', PASSWORD);
    const { status, body } = await exchangeCode(baseUrl, { ...flow, verifier: 'x'.repeat(43) });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('gives support staff the impersonation permission', async () => {
    const { baseUrl } = idp();
    const flow = await signIn(new Browser(baseUrl), 'support@revlane.dev', PASSWORD);
    const { body } = await exchangeCode(baseUrl, flow);
    const access = await idp().verify(body.access_token!, 'organizer');
    expect(access.payload.permissions).toEqual(['impersonate:users']);
    expect(access.payload.email).toBe('support@revlane.dev');
  });

  it('grants consent by itself when the SDK asks for it (prompt=consent)', async () => {
    const { baseUrl } = idp();
    // prompt=consent makes the provider ask after sign-in; the sign-in page resumes by itself.
    const flow = await signIn(new Browser(baseUrl), 'demo@acme.example', PASSWORD, {
      prompt: 'consent',
    });
    const { status, body } = await exchangeCode(baseUrl, flow);
    expect(status).toBe(200);
    expect(body.refresh_token).toBeTruthy();
  });

  it('revokes a refresh token at /oauth/revoke', async () => {
    const { baseUrl } = idp();
    const flow = await signIn(new Browser(baseUrl), 'demo@acme.example', PASSWORD);
    const { body } = await exchangeCode(baseUrl, flow);
    const revoke = await fetch(`${baseUrl}/idp/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, token: body.refresh_token! }).toString(),
    });
    expect(revoke.status).toBe(200);
    expect((await refreshTokens(baseUrl, body.refresh_token!)).body.error).toBe('invalid_grant');
  });
});
