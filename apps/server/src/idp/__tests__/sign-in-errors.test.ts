import { describe, expect, it } from 'vitest';
import { Browser } from './browser.js';
import { authorizeRequest, postLogin, startSignIn, tokenRequest } from './sdk-flow.js';
import { useSeededIdp } from './test-server.js';

const PASSWORD = 'correct horse battery';

describe('embedded identity provider: failed sign-ins and refused requests', () => {
  const idp = useSeededIdp(PASSWORD);

  it('answers a wrong password and an unknown email alike, and bad bodies with the field errors', async () => {
    const { baseUrl } = idp();
    const browser = new Browser(baseUrl);
    const uid = await startSignIn(browser, authorizeRequest(baseUrl));

    // One answer: which addresses have an account is nobody's business.
    const answer = { error: 'invalid_credentials', message: 'Wrong email or password.' };
    const wrong = await postLogin(browser, uid, { email: 'demo@acme.example', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual(answer);

    const unknown = await postLogin(browser, uid, { email: 'who@acme.example', password: 'x' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(answer);

    const invalid = await postLogin(browser, uid, { email: 'not-an-email', password: '' });
    expect(invalid.status).toBe(400);
    const invalidBody = (await invalid.json()) as { error: string; errors: { path: string }[] };
    expect(invalidBody.error).toBe('bad_request');
    expect(invalidBody.errors.map((e) => e.path).sort()).toEqual(['email', 'password']);

    // The interaction survives failed attempts: the right password still finishes it.
    const ok = await postLogin(browser, uid, { email: 'DEMO@acme.example', password: PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('answers 410 for a sign-in page whose interaction is gone', async () => {
    const { baseUrl } = idp();
    const browser = new Browser(baseUrl);
    const uid = await startSignIn(browser, authorizeRequest(baseUrl));
    const stranger = new Browser(baseUrl);
    const response = await postLogin(stranger, uid, {
      email: 'demo@acme.example',
      password: PASSWORD,
    });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({
      error: 'interaction_expired',
      message: 'This sign-in page has expired. Please start again.',
    });
    // A finished interaction cannot be finished twice either.
    const first = await postLogin(browser, uid, { email: 'demo@acme.example', password: PASSWORD });
    expect(first.status).toBe(200);
    const { data } = (await first.json()) as { data: { redirectTo: string } };
    await browser.fetch(data.redirectTo);
    const again = await postLogin(browser, uid, { email: 'demo@acme.example', password: PASSWORD });
    expect(again.status).toBe(410);
  });

  it('throttles repeated failures for one email and address', async () => {
    const { baseUrl } = idp();
    const browser = new Browser(baseUrl);
    const uid = await startSignIn(browser, authorizeRequest(baseUrl));
    const attempt = () => postLogin(browser, uid, { email: 'ghost@acme.example', password: 'x' });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: string }).error).toBe('too_many_requests');
  });

  it('rejects an unknown audience with an OAuth error', async () => {
    const { baseUrl } = idp();
    const browser = new Browser(baseUrl);
    const request = authorizeRequest(baseUrl, { audience: 'somebody-else' });
    const response = await browser.fetch(request.url.toString());
    expect(response.status).toBe(303);
    const location = Browser.location(response);
    expect(`${location.origin}${location.pathname}`).toBe(request.redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_target');
    expect(location.searchParams.get('state')).toBe(request.state);
  });

  it('renders its own error page when it cannot redirect back', async () => {
    const { baseUrl } = idp();
    const response = await fetch(`${baseUrl}/idp/authorize?client_id=nobody&response_type=code`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Revlane');
    expect(html).toContain('invalid_client');
  });

  it('refuses token requests of other clients', async () => {
    const { baseUrl } = idp();
    const { status, body } = await tokenRequest(baseUrl, {
      client_id: 'someone-else',
      grant_type: 'refresh_token',
      refresh_token: 'x',
    });
    expect(status).toBe(401);
    expect(body.error).toBe('invalid_client');
  });
});
