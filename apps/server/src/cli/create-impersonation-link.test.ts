import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Profile } from '@revlane/contracts';
import { buildApp } from '../app.js';
import { seedDemoUsers } from '../demo/demo-users.js';
import { loadConfig } from '../platform/config.js';
import type { DatabaseHandle } from '../platform/database/database.js';
import { createTestDatabase } from '../../test/database.js';
import { createImpersonationLink } from './create-impersonation-link.js';

// The whole path with the real embedded provider: a link signed outside the server is
// accepted by the server's API, which then acts as the customer.
describe('impersonation link (embedded identity provider)', () => {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3999',
    WEB_DIST_DIR: '/nonexistent/revlane-web-dist',
  });
  const log = pino({ level: 'silent' });
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoUsers(database.db, 'link-test-password');
    app = await buildApp({ config, database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('signs support in as the customer through the API', async () => {
    const link = await createImpersonationLink(
      { config, db: database.db, log },
      { user: 'alex@acme.example', support: 'support@revlane.dev', expiresInMinutes: 5 },
    );
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe('http://localhost:3999/app/home');
    const accessToken = url.searchParams.get('accessToken')!;
    const impersonateUser = url.searchParams.get('impersonateUser')!;

    const response = await app.inject({
      method: 'GET',
      url: '/user/api/v1/users/me',
      headers: { authorization: `Bearer ${accessToken}`, 'impersonate-user': impersonateUser },
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json<{ data: Profile }>().data;
    expect(profile).toMatchObject({
      id: impersonateUser,
      email: 'alex@acme.example',
      organization: { name: 'Acme Analytics' },
      impersonatedBy: { email: 'support@revlane.dev' },
    });
  });

  it('refuses to make a link for someone without the support permission', async () => {
    await expect(
      createImpersonationLink(
        { config, db: database.db, log },
        { user: 'alex@acme.example', support: 'demo@acme.example', expiresInMinutes: 5 },
      ),
    ).rejects.toThrow(/may not impersonate/);
  });

  it('names a user that does not exist', async () => {
    await expect(
      createImpersonationLink(
        { config, db: database.db, log },
        { user: 'nobody@acme.example', support: 'support@revlane.dev', expiresInMinutes: 5 },
      ),
    ).rejects.toThrow(/nobody@acme.example/);
  });
});
