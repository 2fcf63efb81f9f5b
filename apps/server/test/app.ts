import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { JWTPayload } from 'jose';
import { IMPERSONATE_PERMISSION } from '@revlane/contracts';
import type { DestinationStream } from 'pino';
import { removeUnlessKept, runDataDir, runLogFile } from '../../../scripts/test-run-dir.mjs';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfigServer } from '../src/platform/config.js';
import type { DatabaseHandle } from '../src/platform/database/database.js';
import { organizations } from '../src/platform/database/schema/index.js';
import { createTestDatabase } from './database.js';
import {
  createTestKeys,
  signTestToken,
  TEST_CLIENT_ID,
  type SignOptions,
  type TestKeys,
} from './tokens.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfigServer;
  keys: TestKeys;
  /** Signs an access token of the test identity provider. */
  sign(claims: JWTPayload, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  logStream?: DestinationStream;
  /** Extra routes (e.g. one that throws), added before the app is ready. */
  extend?: (app: FastifyInstance) => void;
}

/** Test configuration: an external identity provider whose keys the test holds. */
export function testConfig(env: Record<string, string> = {}): AppConfigServer {
  return loadConfig({
    LOG_LEVEL: 'silent',
    AUTH0_DOMAIN: 'https://tenant.test',
    AUTH0_CLIENT_ID: TEST_CLIENT_ID,
    SEED_DEMO: 'false',
    WEB_DIST_DIR: `/nonexistent/revlane-web-${randomUUID()}`,
    // Every test calls from 127.0.0.1, many times a minute; the rate-limit tests turn them on.
    RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
    RATE_LIMIT_USER_PER_MINUTE: '0',
    RATE_LIMIT_STRICT_PER_MINUTE: '0',
    // Deliveries retry within seconds, not hours: a test waits for the whole schedule.
    DELIVERY_RETRY_SCHEDULE: '0.1,0.2,0.4,0.8,1,1,1',
    ...env,
  });
}

/**
 * The app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a fresh
 * data directory (stored files), both removed on close.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = runDataDir('test-app') ?? mkdtempSync(path.join(tmpdir(), 'revlane-test-data-'));
  const runLog = runLogFile('test-app');
  const config = testConfig({
    REVLANE_DATA_DIR: dataDir,
    // In a whole run the log goes to the run's files for the secrets scan (scripts/test.mjs).
    ...(runLog && !options.logStream ? { LOG_LEVEL: 'info' } : {}),
    ...options.env,
  });
  const keys = await createTestKeys();
  const database = await createTestDatabase();
  const logFd = runLog ? openSync(runLog, 'a') : null;
  const logStream = logFd === null ? options.logStream : teeToFile(logFd, options.logStream);
  const app = await buildApp({ config, database, jwks: keys.jwks, logStream });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    keys,
    sign: (claims, signOptions) => signTestToken(keys, claims, signOptions),
    async close() {
      await app.close();
      await database.close();
      if (logFd !== null) closeSync(logFd);
      removeUnlessKept(dataDir);
    },
  };
}

/** Every log line to the run's log file, and to the test's own stream when it has one. */
function teeToFile(fd: number, stream: DestinationStream | undefined): DestinationStream {
  return {
    write(chunk: string) {
      writeSync(fd, chunk);
      stream?.write(chunk);
    },
  };
}

/** A person of the test identity provider: their subject, email and a token for them. */
export interface TestUser {
  sub: string;
  email: string;
  token: string;
}

export async function testUser(
  t: TestApp,
  email: string,
  claims: JWTPayload = {},
): Promise<TestUser> {
  const sub = `auth0|${randomUUID()}`;
  const token = await t.sign({ sub, email, name: email.split('@')[0], ...claims });
  return { sub, email, token };
}

/**
 * A support user of the vendor organization (the `vendor.example` domain, created once per
 * test app) whose token may impersonate (docs/architecture.md §4.4).
 */
export async function supportUser(t: TestApp): Promise<TestUser> {
  await t.database.db
    .insert(organizations)
    .values({ name: 'Vendor', domain: 'vendor.example', isVendor: true, externalId: 'org_v' })
    .onConflictDoNothing();
  return testUser(t, 'help@vendor.example', {
    org_id: 'org_v',
    permissions: [IMPERSONATE_PERMISSION],
  });
}

/** `app.inject` with the user's bearer token (and extra headers). */
export function asUser(user: TestUser | string, request: InjectOptions): InjectOptions {
  const token = typeof user === 'string' ? user : user.token;
  return { ...request, headers: { authorization: `Bearer ${token}`, ...request.headers } };
}

/** The organization a test user was provisioned into, as the API reports it. */
export async function organizationIdOf(t: TestApp, user: TestUser): Promise<string> {
  const me = await t.app.inject(asUser(user, { method: 'GET', url: '/user/api/v1/users/me' }));
  return me.json<{ data: { organization: { id: string } } }>().data.organization.id;
}
