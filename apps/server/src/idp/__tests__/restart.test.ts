import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerify, createLocalJWKSet } from 'jose';
import type { DatabaseHandle } from '../../platform/database/database.js';
import { createTestDatabase } from '../../../test/database.js';
import { seedDemoUsers } from '../../demo/demo-users.js';
import { Browser } from './browser.js';
import { authorizeRequest, exchangeCode, refreshTokens, signIn } from './sdk-flow.js';
import {
  createWebDist,
  freePort,
  startIdpServer,
  testConfig,
  type TestServer,
} from './test-server.js';

const PASSWORD = 'restart-password';

describe('embedded identity provider across a restart', () => {
  let handle: DatabaseHandle;
  let server: TestServer | undefined;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoUsers(handle.db, PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it('keeps keys, sessions, grants and refresh tokens', async () => {
    const config = testConfig(await freePort(), createWebDist());
    server = await startIdpServer(handle.db, config);
    const browser = new Browser(server.baseUrl);
    const flow = await signIn(browser, 'demo@acme.example', PASSWORD);
    const before = await exchangeCode(server.baseUrl, flow);
    expect(before.status).toBe(200);
    const jwksBefore = server.idp.publicJwks();
    await server.close();

    // A new process: a new provider instance on the same database.
    server = await startIdpServer(handle.db, config);
    expect(server.idp.publicJwks()).toEqual(jwksBefore);
    // Tokens issued before the restart still verify against the published keys.
    const jwks = (await (await fetch(`${server.baseUrl}/idp/.well-known/jwks.json`)).json()) as {
      keys: [];
    };
    await expect(
      jwtVerify(before.body.access_token!, createLocalJWKSet(jwks), { audience: 'organizer' }),
    ).resolves.toBeDefined();

    const refreshed = await refreshTokens(server.baseUrl, before.body.refresh_token!);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).toBeTruthy();

    // The browser's session cookie still signs it in silently.
    const silent = authorizeRequest(server.baseUrl, { prompt: 'none' });
    const response = await browser.fetch(silent.url.toString());
    const landing = Browser.location(response);
    expect(landing.searchParams.get('error')).toBeNull();
    const code = landing.searchParams.get('code');
    expect(code).toBeTruthy();
    expect((await exchangeCode(server.baseUrl, { ...silent, code: code! })).status).toBe(200);
  });
});
