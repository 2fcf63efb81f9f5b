import { afterEach, describe, expect, it } from 'vitest';
import { asUser, createTestApp, testUser, type TestApp } from '../../../test/app.js';

const me = { method: 'GET' as const, url: '/user/api/v1/users/me' };

/** REVLANE_ROLE (ADR 0035): what a web and a worker process each serve. */
describe('process roles', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a worker answers its probes and serves no API, no SPA and no sign-in pages', async () => {
    t = await createTestApp({ env: { REVLANE_ROLE: 'worker' } });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await t.app.inject(me)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/live-ops/api/v1/docs' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/slack/received' })).statusCode).toBe(
      404,
    );
    // Its job workers run: a job sent here is worked here.
    const worked = new Promise<unknown>((resolve) => {
      void t!.app.jobs.work('process-roles-probe', (data) => {
        resolve(data);
        return Promise.resolve();
      });
    });
    await t.app.jobs.send('process-roles-probe', { ping: 1 });
    expect(await worked).toEqual({ ping: 1 });
  });

  it('a web process serves the API and only enqueues jobs', async () => {
    t = await createTestApp({ env: { REVLANE_ROLE: 'web' } });
    const user = await testUser(t, 'web@roles.example');
    expect((await t.app.inject(asUser(user, me))).statusCode).toBe(200);
    expect(t.app.config.jobs.isWorking).toBe(false);
  });
});
