import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@revlane/contracts';
import { buildApp } from '../../app.js';
import { testConfig } from '../../../test/app.js';
import { noPreparation, useTestApp } from '../../../test/use-test-app.js';
import { createTestDatabase } from '../../../test/database.js';
import { createTestKeys } from '../../../test/tokens.js';

describe('/config.json and the probes', () => {
  const context = useTestApp(noPreparation, {
    env: {
      APP_URL: 'https://revlane.test',
      LIVE_OPS_API_URL: 'https://live-ops.revlane.test/api/v1',
      IDLE_TIMEOUT_MINUTES: '45',
      SCHEDULING_URL: 'https://calendly.test/acme',
    },
  });

  it('GET /config.json describes the runtime configuration for the SPA', async () => {
    const { t } = context;
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const config = appConfigSchema.parse(response.json());
    expect(config).toEqual({
      services: {
        main: 'https://revlane.test/api/v1',
        user: 'https://revlane.test/user/api/v1',
        composer: 'https://revlane.test/composer/api/v1',
        liveOps: 'https://live-ops.revlane.test/api/v1',
        content: 'https://revlane.test/content/api/v1',
        transfer: 'https://revlane.test/transfer',
      },
      auth: {
        domain: 'https://tenant.test',
        clientId: 'test-client',
        audience: 'organizer',
        embedded: false,
      },
      idle: { timeoutMinutes: 45, promptMinutes: 2 },
      featureFlags: { edit_play_schedule: false },
      scheduling: { url: 'https://calendly.test/acme', eventType: 'demo' },
      googleServiceAccountEmail: t.config.googleServiceAccountEmail,
    });
  });

  it('GET /healthz and /readyz answer ok while the database answers', async () => {
    const { t } = context;
    for (const url of ['/healthz', '/readyz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('GET /readyz answers 503 when the database does not, while /healthz stays up', async () => {
    const database = await createTestDatabase();
    const keys = await createTestKeys();
    const app = await buildApp({ config: testConfig(), database, jwks: keys.jwks });
    await database.close();
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: 'service_unavailable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
