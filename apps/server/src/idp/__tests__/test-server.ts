import { closeSync, mkdtempSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type AppConfigServer } from '../../platform/config.js';
import type { Database, DatabaseHandle } from '../../platform/database/database.js';
import { organizations } from '../../platform/database/schema/index.js';
import { createTestDatabase } from '../../../test/database.js';
import { seedDemoUsers } from '../../demo/demo-users.js';
import { buildApp } from '../../app.js';
import { createEmbeddedIdp, type EmbeddedIdp } from '../index.js';
import { runLogFile } from '../../../../../scripts/test-run-dir.mjs';

export const SPA_HTML = '<!doctype html><title>Revlane test SPA</title>';

/** A directory standing in for the built SPA (apps/web/dist). */
export function createWebDist(withIndex = true): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'revlane-idp-web-'));
  if (withIndex) writeFileSync(path.join(dir, 'index.html'), SPA_HTML);
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export function testConfig(
  port: number,
  webDistDir: string,
  env: NodeJS.ProcessEnv = {},
): AppConfigServer {
  return loadConfig({
    // Its own directory, so the generated secret key (which seals the provider's keys) is too.
    REVLANE_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'revlane-idp-data-')),
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    WEB_DIST_DIR: webDistDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface TestServer {
  app: FastifyInstance;
  idp: EmbeddedIdp;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The identity provider mounted the way app.ts mounts it (static SPA at the root, plugin at
 * /idp), listening on a real port because the SDK flow needs absolute redirects and cookies.
 */
export async function startIdpServer(
  db: Database,
  config: AppConfigServer,
  { listen = true }: { listen?: boolean } = {},
): Promise<TestServer> {
  // In a whole test run the provider logs to the run's files, for the secrets scan.
  const runLog = runLogFile('idp-server');
  const logFd = runLog ? openSync(runLog, 'a') : null;
  const app = Fastify({
    logger:
      logFd === null
        ? false
        : { level: 'info', stream: { write: (line: string) => writeSync(logFd, line) } },
  });
  const idp = await createEmbeddedIdp({ config, db, log: app.log });
  await app.register(fastifyStatic, { root: config.webDistDir, serve: false });
  await app.register(idp.plugin, { prefix: '/idp' });
  if (listen) await app.listen({ host: '127.0.0.1', port: config.port });
  else await app.ready();
  return {
    app,
    idp,
    baseUrl: config.appUrl,
    async close() {
      await app.close();
      await idp.close();
      if (logFd !== null) closeSync(logFd);
      // Let fetch's keep-alive pool see the closed sockets before a restarted server is called.
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

/**
 * The whole app as app.ts builds it (the provider next to the SPA, the platform plugins and the
 * services) on a seeded database, listening on a real port, for the tests of one file (vitest
 * hooks); read the returned getter of its base URL inside tests.
 */
export function useSeededApp(password: string, env: NodeJS.ProcessEnv = {}): () => string {
  let handle: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let baseUrl: string | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoUsers(handle.db, password);
    const config = testConfig(await freePort(), createWebDist(), env);
    app = await buildApp({ config, database: handle });
    await app.listen({ host: '127.0.0.1', port: config.port });
    baseUrl = config.appUrl;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });
  return () => {
    if (!baseUrl) throw new Error('the app fixture is not started');
    return baseUrl;
  };
}

export interface SeededIdp {
  handle: DatabaseHandle;
  config: AppConfigServer;
  server: TestServer;
  baseUrl: string;
  acmeOrgId: string;
  /** Verifies a token as an API would: the provider's JWKS, its issuer, RS256 only. */
  verify(token: string, audience: string): ReturnType<typeof jwtVerify>;
}

/**
 * A seeded database and a listening provider for the tests of one file (vitest hooks);
 * read the returned getter inside tests.
 */
export function useSeededIdp(password: string, env: NodeJS.ProcessEnv = {}): () => SeededIdp {
  let fixture: SeededIdp | undefined;
  beforeAll(async () => {
    const handle = await createTestDatabase();
    await seedDemoUsers(handle.db, password);
    const config = testConfig(await freePort(), createWebDist(), env);
    const server = await startIdpServer(handle.db, config);
    const [acme] = await handle.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.domain, 'acme.example'));
    const jwks = createRemoteJWKSet(new URL(`${server.baseUrl}/idp/.well-known/jwks.json`));
    fixture = {
      handle,
      config,
      server,
      baseUrl: server.baseUrl,
      acmeOrgId: acme!.id,
      verify: (token, audience) =>
        jwtVerify(token, jwks, {
          issuer: `${server.baseUrl}/idp/`,
          audience,
          algorithms: ['RS256'],
        }),
    };
  });
  afterAll(async () => {
    await fixture?.server.close();
    await fixture?.handle.close();
  });
  return () => {
    if (!fixture) throw new Error('the identity provider fixture is not started');
    return fixture;
  };
}
