import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, waitFor } from './server-process.js';
import { createTestKeys, signTestToken } from './tokens.js';

describe('the server process (src/main.ts)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts, prints its banner, serves, and exits 0 on SIGTERM', async () => {
    // Left readable to others by an earlier version: tightened at start.
    mkdirSync(path.join(dataDir, 'sources'), { mode: 0o755 });
    writeFileSync(path.join(dataDir, 'sources', 'old.csv'), 'a\n', { mode: 0o644 });
    const server = startServer({
      PORT: '0',
      LOG_LEVEL: 'silent',
      REVLANE_DATA_DIR: dataDir,
      AUTH0_DOMAIN: 'https://tenant.test',
      AUTH0_CLIENT_ID: 'test-client',
    });
    try {
      const url = await waitFor(
        () => /listening on (http:\/\/[\d.:]+)/.exec(server.output())?.[1],
        40_000,
      );
      expect(server.output()).toContain('Revlane is ready at');
      expect(server.output()).toContain('external identity provider at https://tenant.test');
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // Everything under the data directory is the user's alone: every directory, and every
      // file but the embedded metadata database's, whose modes PGlite sets itself (0644) and
      // which no one else can reach through its 0700 directories.
      const entries = readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => !entry.isSymbolicLink())
        .map((entry) => ({ entry, file: path.join(entry.parentPath, entry.name) }));
      const open = entries
        .filter(
          ({ entry, file }) =>
            entry.isDirectory() || !file.includes(`${path.sep}metadata${path.sep}`),
        )
        .filter(({ file }) => (statSync(file).mode & 0o077) !== 0)
        .map(({ file }) => file);
      expect(open).toEqual([]);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(entries.length).toBeGreaterThan(10);
      expect(statSync(path.join(dataDir, 'sources', 'old.csv')).mode & 0o777).toBe(0o600);
      expect(statSync(path.join(dataDir, 'sources')).mode & 0o777).toBe(0o700);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('finishes an in-flight request after SIGTERM before exiting', async () => {
    // The identity provider answers its key set slowly, so the request is still running
    // when the signal arrives.
    const keys = await createTestKeys();
    const slowIdp = createServer((_request, response) => {
      setTimeout(
        () =>
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(keys.jwks)),
        1500,
      );
    });
    await new Promise<void>((resolve) => slowIdp.listen(0, '127.0.0.1', resolve));
    const idpUrl = `http://127.0.0.1:${(slowIdp.address() as AddressInfo).port}`;
    const server = startServer({
      PORT: '0',
      LOG_LEVEL: 'silent',
      REVLANE_DATA_DIR: mkdtempSync(path.join(dataDir, 'inflight-')),
      AUTH0_DOMAIN: idpUrl,
      AUTH0_CLIENT_ID: 'test-client',
    });
    try {
      const url = await waitFor(
        () => /listening on (http:\/\/[\d.:]+)/.exec(server.output())?.[1],
        40_000,
      );
      const token = await signTestToken(
        keys,
        { sub: 'auth0|inflight', email: 'late@inflight.example' },
        { issuer: `${idpUrl}/` },
      );
      const pending = fetch(`${url}/user/api/v1/users/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.child.kill('SIGTERM');
      const response = await pending;
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ data: { email: 'late@inflight.example' } });
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      slowIdp.close();
    }
  });

  it('refuses to start on a bad setting, naming the variable, with exit code 1', async () => {
    const server = startServer({ PORT: 'eighty', REVLANE_DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/\bPORT\b/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a web or worker process on the embedded stores, naming DATABASE_URL and WAREHOUSE_URL', async () => {
    const server = startServer({ REVLANE_ROLE: 'worker', PORT: '0', REVLANE_DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/REVLANE_ROLE=worker/);
    expect(server.output()).toMatch(/DATABASE_URL and WAREHOUSE_URL/);
    expect(server.output()).not.toMatch(/listening on/);
  });
});
