import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { seedDemoUsers } from '../src/demo/demo-users.js';
import { Browser } from '../src/idp/__tests__/browser.js';
import { exchangeCode, signIn, type TokenResponse } from '../src/idp/__tests__/sdk-flow.js';
import { createWebDist, freePort } from '../src/idp/__tests__/test-server.js';
import { loadIdpSecrets } from '../src/idp/secrets.js';
import { loadConfig, type AppConfigServer } from '../src/platform/config.js';
import type { DatabaseHandle } from '../src/platform/database/database.js';
import { secretBoxFor } from '../src/platform/secrets/secrets-plugin.js';
import { createTestDatabase } from './database.js';

const PASSWORD = 'tokens-suite-password';
const ME = '/user/api/v1/users/me';
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

type Expected = 200 | 401;

/**
 * The tokens suite (docs/architecture.md §9): the whole app with its embedded identity provider, real tokens
 * from a real sign-in, and forgeries made with `jose` the way an attacker would. Each token
 * gets exactly its expected answer on an authenticated route; every refusal is the same 401
 * envelope, which says nothing about why.
 */
describe('tokens suite: forged and misused bearer tokens', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let config: AppConfigServer;
  let real: TokenResponse;
  let signingKey: JWK;
  let claims: JWTPayload;
  let attackerServer: Server;
  let attackerUrl: string;
  const attackerHits: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoUsers(handle.db, PASSWORD);
    const port = await freePort();
    config = loadConfig({
      APP_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      WEB_DIST_DIR: createWebDist(),
      REVLANE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'revlane-tokens-')),
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, database: handle });
    await app.listen({ host: '127.0.0.1', port });
    const flow = await signIn(new Browser(config.appUrl), 'demo@acme.example', PASSWORD);
    real = (await exchangeCode(config.appUrl, flow)).body;
    signingKey = (await loadIdpSecrets(handle.db, secretBoxFor(config))).signingKeys[0]!;
    const [, payload] = real.access_token!.split('.');
    claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as JWTPayload;

    // Where a `jku` header points: the API must never fetch keys from a token's say-so.
    attackerServer = createServer((request, response) => {
      attackerHits.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => attackerServer.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attackerServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    attackerServer?.close();
  });

  /** Signed with the provider's own key: only the claims or header make it wrong. */
  async function signed(
    overrides: JWTPayload,
    header: Record<string, unknown> = {},
    key: JWK = signingKey,
  ): Promise<string> {
    const payload: JWTPayload = { ...claims, iat: now(), exp: now() + 600, ...overrides };
    for (const [name, value] of Object.entries(payload))
      if (value === undefined) delete payload[name];
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKey.kid, ...header })
      .sign(await importJWK(key, 'RS256'));
  }

  async function foreignKey() {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    return { privateKey: await exportJWK(privateKey), publicKey: await exportJWK(publicKey) };
  }

  const table: [string, () => Promise<string | undefined> | string | undefined, Expected][] = [
    ['the real access token (control)', () => real.access_token, 200],
    ['no token', () => undefined, 401],
    ['garbage', () => 'garbage.not-a.jwt', 401],
    [
      'alg none',
      () => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, exp: now() + 600 })}.`,
      401,
    ],
    [
      'HS256 signed with the public key',
      async () => {
        const { kty, n, e } = signingKey;
        const pem = await exportSPKI((await importJWK({ kty, n, e }, 'RS256')) as CryptoKey);
        const input = `${b64url({ alg: 'HS256', typ: 'JWT', kid: signingKey.kid })}.${b64url({
          ...claims,
          exp: now() + 600,
        })}`;
        return `${input}.${createHmac('sha256', pem).update(input).digest('base64url')}`;
      },
      401,
    ],
    [
      'a foreign RSA key under the provider’s kid',
      async () => signed({}, {}, (await foreignKey()).privateKey),
      401,
    ],
    [
      'a foreign key embedded as a jwk header',
      async () => {
        const { privateKey, publicKey } = await foreignKey();
        return signed({}, { kid: undefined, jwk: publicKey }, privateKey);
      },
      401,
    ],
    [
      'a jku header pointing at a foreign key set',
      async () => {
        const { privateKey } = await foreignKey();
        return signed({}, { jku: `${attackerUrl}/jwks.json`, kid: 'attacker' }, privateKey);
      },
      401,
    ],
    ['expired past the 60 s leeway', () => signed({ iat: now() - 3600, exp: now() - 90 }), 401],
    [
      'expired within the leeway (accepted)',
      () => signed({ iat: now() - 3600, exp: now() - 30 }),
      200,
    ],
    ['a wrong audience', () => signed({ aud: 'somebody-else' }), 401],
    ['a wrong issuer', () => signed({ iss: 'https://evil.example/idp/' }), 401],
    ['no sub', () => signed({ sub: undefined }), 401],
    ['a future nbf', () => signed({ nbf: now() + 300 }), 401],
    ['the id token as access token', () => real.id_token, 401],
    ['the refresh token as bearer', () => real.refresh_token, 401],
    ['an unknown user', () => signed({ sub: '00000000-0000-4000-8000-00000000dead' }), 401],
    [
      'a tampered payload (role and organization changed, signature kept)',
      () => {
        const [header, , signature] = real.access_token!.split('.');
        const payload = { ...claims, sub: 'someone-else', permissions: ['impersonate:users'] };
        return `${header}.${b64url(payload)}.${signature}`;
      },
      401,
    ],
  ];

  it('has the tokens the issue lists, and more', () => {
    expect(table.filter(([, , expected]) => expected === 401).length).toBeGreaterThanOrEqual(15);
    expect(real.id_token && real.refresh_token).toBeTruthy();
  });

  const cases = table.map(([name, makeToken, expected]) => ({ name, makeToken, expected }));

  it.each(cases)('$name → $expected', async ({ makeToken, expected }) => {
    const token = await makeToken();
    const response = await fetch(`${config.appUrl}${ME}`, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(expected);
    const body = (await response.json()) as Record<string, unknown>;
    if (expected === 200) {
      expect(body).toMatchObject({ data: { email: 'demo@acme.example' } });
      return;
    }
    expect(body).toEqual({ error: 'unauthorized', message: expect.any(String) as unknown });
    // Why it was refused stays in the debug log.
    expect(String(body.message)).not.toMatch(
      /\b(exp|aud|iss|alg|kid|sub|nbf|jku|jwk)\b|signature/i,
    );
  });

  it('never fetched keys from where a token pointed', () => {
    expect(attackerHits).toEqual([]);
  });
});
