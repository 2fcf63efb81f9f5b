import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/database/database.js';
import { createTestDatabase } from '../../../test/database.js';
import { createWebDist, startIdpServer, testConfig, type TestServer } from './test-server.js';

describe('sign-in page without a built SPA', () => {
  let handle: DatabaseHandle;
  let server: TestServer;

  beforeAll(async () => {
    handle = await createTestDatabase();
    server = await startIdpServer(handle.db, testConfig(3999, createWebDist(false)), {
      listen: false,
    });
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it('answers 503 with the build hint', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/idp/interaction/abc123' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'service_unavailable',
      message: 'The web app is not built. Run npm run build.',
    });
  });

  it('leaves other paths of the mount to the provider', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/idp/nowhere' });
    expect(response.statusCode).toBe(404);
    // Koa's plain 404, not Fastify's JSON one: the request reached the provider.
    expect(response.body).toBe('Not Found');
  });
});
