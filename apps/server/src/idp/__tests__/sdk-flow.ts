import { expect } from 'vitest';
import { Browser, pkcePair, randomState } from './browser.js';

export const CLIENT_ID = 'revlane-web';

export interface AuthorizeRequest {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  url: URL;
}

/** The /authorize URL @auth0/auth0-spa-js builds (loginWithRedirect / silent iframe). */
export function authorizeRequest(
  baseUrl: string,
  params: { prompt?: string; responseMode?: string; audience?: string | null; scope?: string } = {},
): AuthorizeRequest {
  const { verifier, challenge } = pkcePair();
  const state = randomState();
  const nonce = randomState();
  const redirectUri = `${baseUrl}/`;
  const url = new URL(`${baseUrl}/idp/authorize`);
  const query: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    scope: params.scope ?? 'openid profile email offline_access',
    audience: params.audience === null ? undefined : (params.audience ?? 'organizer'),
    response_type: 'code',
    response_mode: params.responseMode ?? 'query',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: params.prompt,
    auth0Client: Buffer.from(JSON.stringify({ name: 'auth0-react', version: '2.27.0' })).toString(
      'base64',
    ),
  };
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(key, value);
  return { state, nonce, verifier, redirectUri, url };
}

/** GET /authorize; expects the redirect to the SPA's sign-in page and returns its uid. */
export async function startSignIn(browser: Browser, request: AuthorizeRequest): Promise<string> {
  const response = await browser.fetch(request.url.toString());
  expect(response.status).toBe(303);
  const location = Browser.location(response);
  const match = /^\/idp\/interaction\/([\w-]+)$/.exec(location.pathname);
  expect(match, `redirected to ${location.pathname}`).not.toBeNull();
  return match![1]!;
}

export function postLogin(browser: Browser, uid: string, body: unknown): Promise<Response> {
  return browser.fetch(`/idp/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Follows redirects inside the provider until it lands on the app (redirect_uri). */
export async function followToApp(
  browser: Browser,
  from: string,
): Promise<{ url: URL; hops: number }> {
  let url = new URL(from, browser.baseUrl);
  let hops = 0;
  for (; hops < 5 && url.pathname.startsWith('/idp/'); hops += 1) {
    const response = await browser.fetch(url.toString());
    expect([302, 303]).toContain(response.status);
    url = Browser.location(response);
  }
  return { url, hops };
}

/** The whole interactive sign-in: authorize, sign in, resume; returns the code. */
export async function signIn(
  browser: Browser,
  email: string,
  password: string,
  params: Parameters<typeof authorizeRequest>[1] = {},
) {
  const request = authorizeRequest(browser.baseUrl, params);
  const uid = await startSignIn(browser, request);
  const login = await postLogin(browser, uid, { email, password });
  expect(login.status).toBe(200);
  const { data } = (await login.json()) as { data: { redirectTo: string } };
  const { url: landing, hops } = await followToApp(browser, data.redirectTo);
  // Our own client never sees a consent step: the resume goes straight back to the app.
  if (params.prompt !== 'consent') expect(hops).toBe(1);
  expect(`${landing.origin}${landing.pathname}`).toBe(request.redirectUri);
  expect(landing.searchParams.get('state')).toBe(request.state);
  const code = landing.searchParams.get('code');
  expect(code).toBeTruthy();
  return { ...request, code: code! };
}

export interface TokenResponse {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  token_type?: string;
  scope?: string;
  error?: string;
  error_description?: string;
}

/** POST /oauth/token as the SDK does (form by default, JSON with useFormData: false). */
export async function tokenRequest(
  baseUrl: string,
  body: Record<string, string>,
  { json = false }: { json?: boolean } = {},
): Promise<{ status: number; body: TokenResponse }> {
  const response = await fetch(`${baseUrl}/idp/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      'auth0-client': 'eyJuYW1lIjoiYXV0aDAtcmVhY3QifQ==',
    },
    body: json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenResponse };
}

export function exchangeCode(
  baseUrl: string,
  flow: { code: string; verifier: string; redirectUri: string },
  options: { json?: boolean } = {},
) {
  return tokenRequest(
    baseUrl,
    {
      client_id: CLIENT_ID,
      grant_type: 'authorization_code',
      code: flow.code,
      code_verifier: flow.verifier,
      redirect_uri: flow.redirectUri,
      audience: 'organizer',
    },
    options,
  );
}

export function refreshTokens(baseUrl: string, refreshToken: string) {
  return tokenRequest(baseUrl, {
    client_id: CLIENT_ID,
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    redirect_uri: `${baseUrl}/`,
  });
}
