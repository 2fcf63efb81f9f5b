function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT-shaped token; the SPA only reads its payload, servers verify signatures. */
export function makeToken(claims: Record<string, unknown> = {}, expiresInSeconds = 900): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: 'http://localhost:3000/idp/',
    aud: 'organizer',
    sub: 'support-1',
    azp: 'revlane-web',
    scope: 'openid profile email',
    iat: now,
    exp: now + expiresInSeconds,
    ...claims,
  };
  return `${base64Url({ alg: 'RS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}
