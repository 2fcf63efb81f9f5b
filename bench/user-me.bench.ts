import autocannon from 'autocannon';
import type { DatabaseTarget } from '../apps/server/src/platform/database/database.js';
import { startBareRoute } from './bare-route.js';
import { listenSignedIn } from './listen-signed-in.js';

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

/** The bare route: the ceiling any route of ours is compared with. */
async function measureBareRoute(): Promise<LoadResult> {
  const bare = await startBareRoute();
  try {
    return await load('bare Fastify route', bare.url);
  } finally {
    await bare.close();
  }
}

/** `GET /user/api/v1/users/me`: token verification, the account lookup and the profile. */
async function measureUsersMe(name: string, target: DatabaseTarget): Promise<LoadResult> {
  const { app, database, address, headers } = await listenSignedIn(target);
  try {
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
