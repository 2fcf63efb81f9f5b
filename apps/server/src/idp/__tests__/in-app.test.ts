import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../../platform/database/database.js';
import { createTestDatabase } from '../../../test/database.js';
import { seedDemoUsers } from '../../demo/demo-users.js';
import { Browser } from './browser.js';
import { exchangeCode, signIn } from './sdk-flow.js';
import { createWebDist, freePort, testConfig } from './test-server.js';

const PASSWORD = 'in-app-password';

// The provider as app.ts mounts it, next to the SPA, the platform plugins and the services:
// a token from a real sign-in is accepted by the API.
describe('embedded identity provider inside the whole app', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoUsers(handle.db, PASSWORD);
    const config = testConfig(await freePort(), createWebDist());
    app = await buildApp({ config, database: handle });
    await app.listen({ host: '127.0.0.1', port: config.port });
    baseUrl = config.appUrl;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('signs in through /idp and calls the user service with the access token', async () => {
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
