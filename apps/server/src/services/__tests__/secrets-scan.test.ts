import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, testUser, type TestApp, type TestUser } from '../../../test/app.js';
import { captureLogs } from '../../../test/log-capture.js';
import { recordIssuedSecret } from '../../../../../scripts/test-run-dir.mjs';
import { SANDBOX_CLIENT } from '../../platform/connections-config.js';

const DATABASE_PASSWORD = 'db-Pass-91f3-secrets-scan';
// The whole run's scan (scripts/test.mjs) looks for these too, in every log and data dir.
recordIssuedSecret('database password', DATABASE_PASSWORD);
recordIssuedSecret('client secret', SANDBOX_CLIENT.clientSecret);

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * After a representative flow run in process, no secret appears in plain text in the log
 * (request URLs included) or in any file under the data dir (docs/architecture.md §9).
 */
describe('secrets scan: logs and data dir after a representative flow', () => {
  const logs = captureLogs();
  let t: TestApp;
  let dana: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: logs.stream });
    dana = await testUser(t, 'dana@secrets-scan.example');
    const call = (request: Parameters<typeof asUser>[1]) => t.app.inject(asUser(dana, request));
    await call({ method: 'GET', url: '/user/api/v1/users/me' });
    const body = {
      type: 'postgres',
      name: 'Warehouse',
      config: {
        host: '127.0.0.1',
        port: 1,
        database: 'app',
        user: 'reader',
        password: DATABASE_PASSWORD,
      },
    };
    await call({ method: 'POST', url: '/composer/api/v1/sources/test', payload: body });
    const created = await call({ method: 'POST', url: '/composer/api/v1/sources', payload: body });
    const id = created.json<{ data: { id: string } }>().data.id;
    await call({ method: 'POST', url: `/composer/api/v1/sources/${id}/test` });
    // A careless client puts secrets in the query string: the log must not repeat them.
    await call({
      method: 'GET',
      url: '/user/api/v1/users/me',
      query: {
        access_token: dana.token,
        refreshToken: dana.token,
        password: DATABASE_PASSWORD,
        api_key: DATABASE_PASSWORD,
        'token[]': dana.token,
      },
    });
  }, 180_000);
  afterAll(() => t?.close());

  const secrets = () => ({ 'access token': dana.token, 'database password': DATABASE_PASSWORD });

  it('logged the flow, without any secret', () => {
    expect(logs.lines.length).toBeGreaterThan(5);
    const text = logs.text();
    const leaks = Object.entries(secrets()).filter(([, secret]) => text.includes(secret));
    expect(leaks.map(([name]) => name)).toEqual([]);
  });

  it('keeps no secret in plain text in any file under the data dir', () => {
    const files = filesUnder(t.config.dataDir);
    const leaks = files.flatMap((file) => {
      const bytes = readFileSync(file);
      return Object.entries(secrets())
        .filter(([, secret]) => bytes.includes(secret))
        .map(([name]) => `${name} in ${file}`);
    });
    expect(leaks).toEqual([]);
  });
});
