import { createHmac, randomUUID } from 'node:crypto';
import { exportSPKI, generateKeyPair, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type TestApp } from '../../../test/app.js';
import { nowSeconds, TEST_CLIENT_ID } from '../../../test/tokens.js';

const me = '/user/api/v1/users/me';
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT with any header and payload, signed (or not) by hand, the way an attacker would. */
function handMadeToken(
  header: Record<string, unknown>,
  payload: JWTPayload,
  sign: (input: string) => string,
) {
  const input = `${b64url(header)}.${b64url(payload)}`;
  return `${input}.${sign(input)}`;
}

describe('access-token verification (docs/architecture.md §4.2)', () => {
  let t: TestApp;
  let claims: JWTPayload;
  beforeAll(async () => {
    t = await createTestApp();
    claims = { sub: `auth0|${randomUUID()}`, email: 'grace@navy.example', name: 'Grace Hopper' };
  });
  afterAll(() => t.close());

  const call = (token: string | undefined) =>
    t.app.inject(
      token === undefined ? { method: 'GET', url: me } : asUser(token, { method: 'GET', url: me }),
    );

  it('accepts a well-formed token', async () => {
    const response = await call(await t.sign(claims));
    expect(response.statusCode).toBe(200);
  });

  const forged: [string, () => Promise<string | undefined> | string | undefined][] = [
    ['no token', () => undefined],
    ['garbage', () => 'not-a-jwt'],
    [
      'alg none',
      () =>
        handMadeToken(
          { alg: 'none', typ: 'JWT' },
          { ...claims, iss: t.config.identity.issuer, aud: 'organizer', exp: nowSeconds() + 600 },
          () => '',
        ),
    ],
    [
      'HS256 signed with the public key',
      async () => {
        const publicPem = await exportSPKI(t.keys.publicKey);
        const payload = {
          ...claims,
          iss: t.config.identity.issuer,
          aud: 'organizer',
          iat: nowSeconds(),
          exp: nowSeconds() + 600,
        };
        return handMadeToken({ alg: 'HS256', typ: 'JWT', kid: t.keys.kid }, payload, (input) =>
          createHmac('sha256', publicPem).update(input).digest('base64url'),
        );
      },
    ],
    [
      'unknown kid (signed by another key)',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return t.sign(claims, { kid: 'someone-else', key: privateKey });
      },
    ],
    [
      'right kid, wrong key',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return t.sign(claims, { key: privateKey });
      },
    ],
    ['wrong issuer', () => t.sign(claims, { issuer: 'https://evil.test/' })],
    ['wrong audience', () => t.sign(claims, { audience: 'someone-else' })],
    [
      'id token used as access token (aud = client id)',
      () => t.sign(claims, { audience: TEST_CLIENT_ID }),
    ],
    [
      'several audiences but another authorized party',
      () =>
        t.sign(
          { ...claims, azp: 'other-client' },
          { audience: ['organizer', 'https://tenant.test/userinfo'] },
        ),
    ],
    [
      'expired beyond the leeway',
      () => t.sign(claims, { iat: nowSeconds() - 3600, exp: nowSeconds() - 120 }),
    ],
    ['not yet valid beyond the leeway', () => t.sign(claims, { nbf: nowSeconds() + 120 })],
    [
      'issued in the future beyond the leeway',
      () => t.sign(claims, { iat: nowSeconds() + 120, exp: nowSeconds() + 900 }),
    ],
    ['without expiry', () => t.sign(claims, { exp: null })],
    [
      'tampered payload',
      async () => {
        const [header, , signature] = (await t.sign(claims)).split('.');
        return `${header}.${b64url({ ...claims, sub: 'auth0|admin', iss: t.config.identity.issuer, aud: 'organizer', exp: nowSeconds() + 600 })}.${signature}`;
      },
    ],
    ['without subject', () => t.sign({ ...claims, sub: undefined })],
  ];

  it.each(forged)('rejects %s with 401 and the error envelope', async (_name, makeToken) => {
    const response = await call(await makeToken());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'unauthorized',
      message: expect.stringMatching(/token|sign in/i) as unknown,
    });
  });

  it('never reads a token from the query string', async () => {
    const token = await t.sign(claims);
    const response = await t.app.inject({
      method: 'GET',
      url: `${me}?access_token=${token}&token=${token}`,
    });
    expect(response.statusCode).toBe(401);
  });

  // Times are taken when each case runs, not when the file is collected (a busy machine
  // can spend most of the leeway in between).
  it.each([
    ['expired 30 s ago', () => ({ iat: nowSeconds() - 600, exp: nowSeconds() - 30 })],
    ['valid from 30 s ahead', () => ({ nbf: nowSeconds() + 30 })],
    ['issued 30 s ahead', () => ({ iat: nowSeconds() + 30 })],
  ])('accepts a token %s (within the 60 s leeway)', async (_name, options) => {
    const response = await call(await t.sign(claims, options()));
    expect(response.statusCode).toBe(200);
  });

  it('accepts several audiences when the authorized party is our client', async () => {
    const token = await t.sign(claims, { audience: ['organizer', 'https://tenant.test/userinfo'] });
    expect((await call(token)).statusCode).toBe(200);
  });
});
