import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedTestDatabase } from '../../../test/database.js';
import { buildApp } from '../../app.js';
import { seedDemoUsers } from '../../demo/demo-users.js';
import { Browser } from './browser.js';
import { authorizeRequest, startSignIn } from './sdk-flow.js';
import { createWebDist, freePort, testConfig } from './test-server.js';

const PASSWORD = 'shared-throttle-password';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('shared sign-in throttle skipped: TEST_DATABASE_URL is unset');

/**
 * Two processes behind one address (APP_URL) on one PostgreSQL metadata database (ADR 0035):
 * the sign-in posts alternate between them, and the failures add up.
 */
describe.skipIf(!adminUrl)('sign-in throttle shared by two processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;
  const apps: FastifyInstance[] = [];
  const ports: number[] = [];
  let baseUrl = '';

  beforeAll(async () => {
    database = await createSharedTestDatabase(adminUrl!, 2);
    const { handles, url } = database;
    await seedDemoUsers(handles[0]!.db, PASSWORD);
    const webDist = createWebDist();
    ports.push(await freePort(), await freePort());
    for (const [i, handle] of handles.entries()) {
      // Both answer for the first one's APP_URL (the issuer), as behind a load balancer.
      const config = testConfig(ports[0]!, webDist, {
        DATABASE_URL: url,
        REVLANE_SECRET_KEY: '11'.repeat(32),
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_STRICT_PER_MINUTE: '100',
        ...(i === 1 ? { REVLANE_ROLE: 'web' } : {}),
      });
      const app = await buildApp({ config, database: handle });
      await app.listen({ host: '127.0.0.1', port: ports[i]! });
      apps.push(app);
    }
    baseUrl = `http://127.0.0.1:${ports[0]}`;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  /** A sign-in page; its `post(i, …)` lands on process i % 2. */
  async function signInPage(address: string) {
    const browser = new Browser(baseUrl);
    const uid = await startSignIn(browser, authorizeRequest(baseUrl));
    return (i: number, body: unknown) =>
      browser.fetch(`http://127.0.0.1:${ports[i % 2]}/idp/interaction/${uid}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      });
  }

  it('blocks one email from one address at the 10th failure in total, not 10 per process', async () => {
    const post = await signInPage('203.0.113.60');
    for (let i = 0; i < 10; i += 1)
      expect((await post(i, { email: 'demo@acme.example', password: 'wrong' })).status).toBe(401);
    for (let i = 10; i < 12; i += 1) {
      const blocked = await post(i, { email: 'demo@acme.example', password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual({
        error: 'too_many_requests',
        message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  });

  it('clears the email’s count on a success in either process', async () => {
    const post = await signInPage('203.0.113.61');
    for (let i = 0; i < 9; i += 1)
      expect((await post(i, { email: 'demo@acme.example', password: 'wrong' })).status).toBe(401);
    expect((await post(9, { email: 'demo@acme.example', password: PASSWORD })).status).toBe(200);

    const again = await signInPage('203.0.113.61');
    for (let i = 0; i < 10; i += 1)
      expect((await again(i, { email: 'demo@acme.example', password: 'wrong' })).status).toBe(401);
    expect((await again(10, { email: 'demo@acme.example', password: 'wrong' })).status).toBe(429);
  });
});
