import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, scaleOutProblems } from './config.js';

describe('configuration (docs/architecture.md §3.3)', () => {
  it('has a working default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      identity: { kind: 'embedded', issuer: 'http://localhost:3000/idp/', audience: 'organizer' },
      demo: { seed: true },
      jobs: { isWorking: true, pollingIntervalSeconds: 2 },
    });
  });

  it('turns on the feature flags FEATURE_FLAGS names, every other one off', () => {
    expect(loadConfig({}).featureFlags).toEqual({ edit_play_schedule: false });
    expect(loadConfig({ FEATURE_FLAGS: ' edit_play_schedule ' }).featureFlags).toEqual({
      edit_play_schedule: true,
    });
  });

  it('reads the job settings', () => {
    const config = loadConfig({ JOBS_WORKERS: 'false', JOBS_POLLING_INTERVAL_SECONDS: '0.5' });
    expect(config.jobs).toEqual({ isWorking: false, pollingIntervalSeconds: 0.5 });
  });

  it('reads the process role; JOBS_WORKERS=false is the older name of web', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ REVLANE_ROLE: 'worker' })).toMatchObject({
      role: 'worker',
      jobs: { isWorking: true },
    });
    expect(loadConfig({ REVLANE_ROLE: 'web' })).toMatchObject({
      role: 'web',
      jobs: { isWorking: false },
    });
    expect(loadConfig({ JOBS_WORKERS: 'false' }).role).toBe('web');
    expect(loadConfig({ JOBS_WORKERS: 'true', REVLANE_ROLE: 'worker' }).role).toBe('worker');
    expect(() => loadConfig({ JOBS_WORKERS: 'false', REVLANE_ROLE: 'worker' })).toThrow(
      /JOBS_WORKERS: false contradicts REVLANE_ROLE=worker/,
    );
  });

  it('keeps the sandbox SaaS to the one-process role', () => {
    expect(loadConfig({}).connections.salesforce.isAvailable).toBe(true);
    expect(loadConfig({ REVLANE_ROLE: 'web' }).connections.salesforce.isAvailable).toBe(false);
  });

  it('refuses a web or worker process on the embedded stores, naming what to set', () => {
    expect(scaleOutProblems(loadConfig({}))).toEqual([]);
    const embedded = scaleOutProblems(loadConfig({ REVLANE_ROLE: 'worker' }));
    expect(embedded.join('\n')).toMatch(/DATABASE_URL and WAREHOUSE_URL/);
    expect(embedded.join('\n')).toMatch(/REVLANE_SECRET_KEY/);
    const halfway = scaleOutProblems(
      loadConfig({ REVLANE_ROLE: 'web', DATABASE_URL: 'postgres://db/revlane' }),
    );
    expect(halfway.join('\n')).toMatch(/WAREHOUSE_URL is unset/);
    const shared = loadConfig({
      REVLANE_ROLE: 'web',
      DATABASE_URL: 'postgres://db/revlane',
      WAREHOUSE_URL: 'postgres://db/warehouse',
      REVLANE_SECRET_KEY: 'a'.repeat(64),
    });
    expect(scaleOutProblems(shared)).toEqual([]);
  });

  it('switches to the external tenant when AUTH0_DOMAIN is set', () => {
    const config = loadConfig({ AUTH0_DOMAIN: 'acme.eu.auth0.com', AUTH0_CLIENT_ID: 'abc' });
    expect(config.identity).toEqual({
      kind: 'external',
      domain: 'https://acme.eu.auth0.com',
      issuer: 'https://acme.eu.auth0.com/',
      clientId: 'abc',
      audience: 'organizer',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD'],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, 'SHUTDOWN_TIMEOUT_MS'],
    [{ JOBS_WORKERS: 'yes' }, 'JOBS_WORKERS'],
    [{ REVLANE_ROLE: 'api' }, 'REVLANE_ROLE'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
    [{ FEATURE_FLAGS: 'edit_play_schedule,fly' }, 'FEATURE_FLAGS'],
    [{ JOBS_POLLING_INTERVAL_SECONDS: '0.1' }, 'JOBS_POLLING_INTERVAL_SECONDS'],
    [{ AUTH0_DOMAIN: 'acme.auth0.com' }, 'AUTH0_CLIENT_ID'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${variable}\\b`));
  });
});
