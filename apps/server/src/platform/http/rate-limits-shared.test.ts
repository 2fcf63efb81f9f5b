import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { createSharedTestDatabase, createTestDatabase } from '../../../test/database.js';
import { createTestKeys, signTestToken, type TestKeys } from '../../../test/tokens.js';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../database/database.js';
import { createRedisCounter } from './rate-limit-store.js';

const me: InjectOptions = { method: 'GET', url: '/user/api/v1/users/me' };
const NO_SEGMENT = '00000000-0000-4000-8000-000000000000';
const tickets: InjectOptions = {
  method: 'POST',
  url: `/live-ops/api/v1/segments/${NO_SEGMENT}/export-tickets`,
  payload: {},
};
const LIMITS = {
  RATE_LIMIT_ADDRESS_PER_MINUTE: '6',
  RATE_LIMIT_USER_PER_MINUTE: '4',
  RATE_LIMIT_STRICT_PER_MINUTE: '2',
  TRUST_PROXY: '127.0.0.1',
};

/** Two processes' apps (the first runs the jobs, the second is a web process) on `databases`. */
interface TwoApps {
  apps: [FastifyInstance, FastifyInstance];
  keys: TestKeys;
  close(): Promise<void>;
}

async function twoApps(
  env: Record<string, string>,
  databases: [DatabaseHandle, DatabaseHandle],
): Promise<TwoApps> {
  const keys = await createTestKeys();
  const dataDirs = databases.map(() => mkdtempSync(path.join(tmpdir(), 'revlane-rate-')));
  const apps = [] as unknown as [FastifyInstance, FastifyInstance];
  for (const [i, database] of databases.entries()) {
    const config = testConfig({
      ...LIMITS,
      ...env,
      REVLANE_DATA_DIR: dataDirs[i]!,
      ...(i === 1 ? { REVLANE_ROLE: 'web' } : {}),
    });
    const app = await buildApp({ config, database, jwks: keys.jwks });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    keys,
    async close() {
      for (const app of apps) await app.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The limits hold whichever process a request lands on: requests alternate between the two
 * apps, and the (limit + 1)th is refused.
 */
function sharedLimitTests(context: { two: TwoApps }) {
  const as = async (email: string) =>
    `Bearer ${await signTestToken(context.two.keys, { sub: `auth0|${randomUUID()}`, email })}`;
  const send = (i: number, request: InjectOptions, address: string, token?: string) =>
    context.two.apps[i % 2]!.inject({
      ...request,
      headers: {
        'x-forwarded-for': address,
        ...(token ? { authorization: token } : {}),
      },
    });
  const expectRefused = (response: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('counts one user across both processes', async () => {
    const user = await as('busy@shared.example');
    // A new address each time: only the user's count is at stake.
    for (let i = 0; i < 4; i += 1)
      expect((await send(i, me, `203.0.113.${i + 1}`, user)).statusCode).toBe(200);
    expectRefused(await send(4, me, '203.0.113.5', user));
    expectRefused(await send(5, me, '203.0.113.6', user));
    expect((await send(5, me, '203.0.113.7', await as('calm@shared.example'))).statusCode).toBe(
      200,
    );
  });

  it('counts one client address across both processes', async () => {
    // A new user each time: only the address's count is at stake.
    for (let i = 0; i < 6; i += 1)
      expect((await send(i, me, '198.51.100.7', await as(`u${i}@shared.example`))).statusCode).toBe(
        200,
      );
    expectRefused(await send(6, me, '198.51.100.7', await as('u6@shared.example')));
    expect((await send(7, me, '198.51.100.8', await as('u7@shared.example'))).statusCode).toBe(200);
  });

  it('counts a strict route per user across both processes', async () => {
    const exporter = await as('exporter@shared.example');
    for (let i = 0; i < 2; i += 1)
      expect((await send(i, tickets, `192.0.2.${i + 1}`, exporter)).statusCode).toBe(404);
    expectRefused(await send(2, tickets, '192.0.2.3', exporter));
    // Its own count: the user's API-wide count (3 of 4) still lets users/me through.
    expect((await send(3, me, '192.0.2.4', exporter)).statusCode).toBe(200);
  });
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('rate limits on PostgreSQL skipped: TEST_DATABASE_URL is unset');

describe.skipIf(!adminUrl)('rate limits shared by two processes on PostgreSQL (ADR 0035)', () => {
  const context = {} as { two: TwoApps };
  let database: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;

  beforeAll(async () => {
    database = await createSharedTestDatabase(adminUrl!, 2);
    const [one, two] = database.handles as [DatabaseHandle, DatabaseHandle];
    context.two = await twoApps({ DATABASE_URL: database.url }, [one, two]);
  });
  afterAll(async () => {
    await context.two?.close();
    await database?.drop();
  });

  sharedLimitTests(context);
});

const REDIS_URL = 'redis://127.0.0.1:6379';
const hasRedis = await createRedisCounter({ url: REDIS_URL }).then(
  (counter) => counter.close().then(() => true),
  () => false,
);
if (!hasRedis) console.warn(`rate limits on Redis skipped: nothing answers at ${REDIS_URL}`);

describe.skipIf(!hasRedis)('rate limits shared by two processes through Redis', () => {
  const context = {} as { two: TwoApps };
  let database: DatabaseHandle;

  beforeAll(async () => {
    // One metadata database (so one user is one id to both), counted in Redis only; a
    // prefix of this run's own, so runs never see each other's counts.
    database = await createTestDatabase();
    const prefix = `revlane-test-${randomBytes(6).toString('hex')}:`;
    context.two = await twoApps({ REDIS_URL: `${REDIS_URL}/0?keyPrefix=${prefix}` }, [
      database,
      database,
    ]);
  });
  afterAll(async () => {
    await context.two?.close();
    await database?.close();
  });

  sharedLimitTests(context);
});
