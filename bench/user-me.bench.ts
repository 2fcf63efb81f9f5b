import Fastify from 'fastify';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import {
  openDatabase,
  type DatabaseTarget,
} from '../apps/server/src/platform/database/database.js';
import { createTestKeys, signTestToken, TEST_ISSUER } from '../apps/server/test/tokens.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/** Bounded load on loopback only: fixed duration, fixed connections. */
async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** A bare Fastify route: the ceiling any route of ours is compared with. */
async function measureBareRoute(): Promise<LoadResult> {
  const app = Fastify({ logger: false });
  app.get('/bare', () => ({ data: { ok: true } }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    return await load('bare Fastify route', `${address}/bare`);
  } finally {
    await app.close();
  }
}

/** `GET /user/api/v1/users/me`: token verification, the account lookup and the profile. */
async function measureUsersMe(name: string, target: DatabaseTarget): Promise<LoadResult> {
  const keys = await createTestKeys();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    AUTH0_DOMAIN: TEST_ISSUER,
    AUTH0_CLIENT_ID: 'bench',
    SEED_DEMO: 'false',
  });
  const database = await openDatabase(target);
  const app = await buildApp({ config, database, jwks: keys.jwks, idp: false });
  const token = await signTestToken(keys, {
    sub: 'bench|user-1',
    email: 'bench@bench.example',
    name: 'Bench User',
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const warm = await fetch(`${address}/user/api/v1/users/me`, { headers });
    if (!warm.ok) throw new Error(`users/me answered ${warm.status}`);
    return await load(name, `${address}/user/api/v1/users/me`, headers);
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * The bare route is the baseline; users/me runs on embedded PGlite and, when
 * BENCH_DATABASE_URL names an empty PostgreSQL database, on PostgreSQL too.
 */
export async function benchUsersMe(): Promise<LoadResult[]> {
  const results = [await measureBareRoute()];
  results.push(await measureUsersMe('users/me on PGlite', { kind: 'pglite', dataDir: undefined }));
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    results.push(
      await measureUsersMe('users/me on PostgreSQL', { kind: 'postgres', url: postgresUrl }),
    );
  }
  return results;
}
