import { createHash, randomBytes } from 'node:crypto';

const CLIENT_ID = 'revlane-web';

/** A tiny cookie jar: enough for one authorization-code round trip against the embedded IdP. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * Signs in over the real protocol (authorization code + PKCE, as the SPA's SDK does) and
 * returns the access token: how a test gets a support user's token without a second browser.
 */
export async function signInForAccessToken(
  appUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const redirectUri = `${appUrl}/`;
  const authorize = new URL(`${appUrl}/idp/authorize`);
  authorize.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email',
    audience: 'organizer',
    state: base64url(randomBytes(16)),
    nonce: base64url(randomBytes(16)),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  let location = await follow(authorize.toString(), jar);
  const uid = new URL(location, appUrl).pathname.split('/').pop()!;
  const login = await fetch(`${appUrl}/idp/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: jar.header() },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  jar.store(login);
  const { data } = (await login.json()) as { data: { redirectTo: string } };
  location = await follow(new URL(data.redirectTo, appUrl).toString(), jar, redirectUri);
  const code = new URL(location, appUrl).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);

  const token = await fetch(`${appUrl}/idp/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    }),
  });
  if (!token.ok) throw new Error(`token exchange failed: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { access_token: string }).access_token;
}

/** Follows redirects by hand (keeping cookies) until a non-redirect or the `stopAt` prefix. */
async function follow(url: string, jar: CookieJar, stopAt?: string): Promise<string> {
  let current = url;
  for (let hop = 0; hop < 10; hop++) {
    if (stopAt && current.startsWith(stopAt) && hop > 0) return current;
    const response = await fetch(current, {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.store(response);
    const next = response.headers.get('location');
    if (!next) return current;
    current = new URL(next, current).toString();
  }
  throw new Error(`too many redirects from ${url}`);
}
