import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminClient } from '../../../test/database.js';
import { openDatabase } from '../database/database.js';
import {
  createMemoryCounter,
  createPostgresCounter,
  createRedisCounter,
  type Queryable,
  type RateCounter,
} from './rate-limit-store.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** 1..n, the places n hits on one key must get whichever process counted them. */
const places = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const sorted = (counts: { count: number }[]) => counts.map((c) => c.count).sort((a, b) => a - b);

/**
 * The counters table as PostgreSQL keeps it, answering each statement after `delayMs` (or
 * when the test lets it, for a key it holds back), and recording what it was sent.
 */
function fakePostgres(delayMs = 2) {
  const rows = new Map<string, { count: number; resetsAt: number }>();
  const sent: { key: string; n: number }[] = [];
  const held = new Map<string, () => void>();
  const holding = new Set<string>();
  const pool: Queryable = {
    async query({ text, values = [] }) {
      if (text.startsWith('DELETE')) return { rows: [] };
      const [key, n, windowMs] = values as [string, number, number];
      sent.push({ key, n });
      if (holding.has(key)) await new Promise<void>((resolve) => held.set(key, resolve));
      else await new Promise((resolve) => setTimeout(resolve, delayMs));
      const now = Date.now();
      const row = rows.get(key);
      const next =
        row && row.resetsAt > now
          ? { count: row.count + n, resetsAt: row.resetsAt }
          : { count: n, resetsAt: now + windowMs };
      rows.set(key, next);
      return { rows: [{ count: next.count, ttl_ms: next.resetsAt - now }] };
    },
  };
  return {
    pool,
    sent,
    hold: (key: string) => holding.add(key),
    release(key: string) {
      holding.delete(key);
      held.get(key)?.();
    },
  };
}

describe('the memory counter', () => {
  it('counts in a fixed window from the first hit, then starts over', async () => {
    let now = 0;
    const counter = createMemoryCounter({ now: () => now });
    expect(await counter.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now = 400;
    expect(await counter.hit('k', 1000, 2)).toEqual({ count: 3, ttlMs: 600 });
    expect(await counter.hit('k', 1000, 0)).toEqual({ count: 3, ttlMs: 600 });
    expect(await counter.hit('other', 1000, 0)).toEqual({ count: 0, ttlMs: 0 });
    now = 1000;
    expect(await counter.hit('k', 1000, 0)).toEqual({ count: 0, ttlMs: 0 });
    expect(await counter.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    await counter.reset('k');
    expect(await counter.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it('keeps at most maxKeys windows, the oldest out first', async () => {
    const counter = createMemoryCounter({ maxKeys: 2 });
    for (const key of ['a', 'b', 'a', 'c']) await counter.hit(key, 60_000);
    expect((await counter.hit('a', 60_000, 0)).count).toBe(0);
    expect((await counter.hit('b', 60_000, 0)).count).toBe(1);
    expect((await counter.hit('c', 60_000, 0)).count).toBe(1);
  });
});

describe('the PostgreSQL counter: one upsert in flight per key', () => {
  it('gives many concurrent hits on one key the places 1..N exactly, in a few statements', async () => {
    const db = fakePostgres();
    const counter = createPostgresCounter({ pool: db.pool });
    const first = Array.from({ length: 500 }, () => counter.hit('k', 60_000));
    await new Promise((resolve) => setTimeout(resolve, 1));
    const second = Array.from({ length: 500 }, () => counter.hit('k', 60_000));
    const counts = await Promise.all([...first, ...second]);
    expect(sorted(counts)).toEqual(places(1000));
    // Arrival order is counting order.
    expect(counts.map((c) => c.count)).toEqual(places(1000));
    expect(db.sent.length).toBeLessThanOrEqual(3);
    expect(db.sent.reduce((sum, { n }) => sum + n, 0)).toBe(1000);
  });

  it('counts hits of several at once, and a read sees the hits before it', async () => {
    const db = fakePostgres();
    const counter = createPostgresCounter({ pool: db.pool });
    const counts = await Promise.all([
      counter.hit('k', 60_000, 1),
      counter.hit('k', 60_000, 3),
      counter.hit('k', 60_000, 0),
      counter.hit('k', 60_000, 2),
    ]);
    expect(counts.map((c) => c.count)).toEqual([1, 4, 4, 6]);
  });

  it('never makes one key wait for another', async () => {
    const db = fakePostgres();
    const counter = createPostgresCounter({ pool: db.pool });
    db.hold('slow');
    const slow = Promise.all([counter.hit('slow', 60_000), counter.hit('slow', 60_000)]);
    expect(await counter.hit('fast', 60_000)).toMatchObject({ count: 1 });
    expect(await counter.hit('fast', 60_000)).toMatchObject({ count: 2 });
    db.release('slow');
    expect(sorted(await slow)).toEqual([1, 2]);
  });

  it('fails a batch whose statement fails, and counts the next batch', async () => {
    let fail = true;
    const db = fakePostgres();
    const counter = createPostgresCounter({
      pool: {
        query: (query) => (fail ? Promise.reject(new Error('down')) : db.pool.query(query)),
      },
    });
    const failed = counter.hit('k', 60_000);
    fail = false;
    const next = counter.hit('k', 60_000);
    await expect(failed).rejects.toThrow('down');
    expect(await next).toMatchObject({ count: 1 });
  });
});

/** What a shared counter must do whichever store keeps it: two processes' counters on it. */
function itCountsAcrossTwoProcesses(countersOf: () => RateCounter[]) {
  it('gives hits from two processes the places 1..N exactly', async () => {
    const counters = countersOf();
    const counts = await Promise.all(
      Array.from({ length: 400 }, (_, i) => counters[i % 2]!.hit('shared', 60_000)),
    );
    expect(sorted(counts)).toEqual(places(400));
    const { ttlMs } = counts[0]!;
    expect(ttlMs).toBeGreaterThan(55_000);
    expect(ttlMs).toBeLessThanOrEqual(60_000);
  });

  it('starts a lapsed window over, reads without counting, and resets', async () => {
    const [one, two] = countersOf() as [RateCounter, RateCounter];
    await one.hit('short', 50, 3);
    expect(await two.hit('short', 50, 0)).toMatchObject({ count: 3 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await two.hit('short', 50, 0)).toEqual({ count: 0, ttlMs: 0 });
    expect(await two.hit('short', 50)).toMatchObject({ count: 1 });
    await one.reset('short');
    expect(await two.hit('short', 50, 0)).toEqual({ count: 0, ttlMs: 0 });
  });
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('PostgreSQL rate counters skipped: TEST_DATABASE_URL is unset');

describe.skipIf(!adminUrl)('the PostgreSQL counter on a real database', () => {
  const name = `revlane_test_${randomBytes(6).toString('hex')}`;
  const pools: pg.Pool[] = [];
  let counters: RateCounter[] = [];

  beforeAll(async () => {
    await withAdminClient(adminUrl!, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    await (await openDatabase({ kind: 'postgres', url: url.toString() })).close();
    // Two processes' worth: each its own pool and its own batching.
    for (let i = 0; i < 2; i += 1) pools.push(new pg.Pool({ connectionString: url.toString() }));
    counters = pools.map((pool) => createPostgresCounter({ pool }));
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await withAdminClient(adminUrl!, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  });

  itCountsAcrossTwoProcesses(() => counters);
});

const hasRedis = await createRedisCounter({ url: REDIS_URL }).then(
  (counter) => counter.close().then(() => true),
  () => false,
);
if (!hasRedis) console.warn(`Redis rate counters skipped: nothing answers at ${REDIS_URL}`);

describe.skipIf(!hasRedis)('the Redis counter', () => {
  // A prefix of this run's own: runs never see each other's counts.
  const prefix = `revlane-test-${randomBytes(6).toString('hex')}:`;
  let counters: RateCounter[] = [];

  beforeAll(async () => {
    counters = await Promise.all([0, 1].map(() => createRedisCounter({ url: REDIS_URL, prefix })));
  });
  afterAll(() => Promise.all(counters.map((counter) => counter.close())));

  itCountsAcrossTwoProcesses(() => counters);
});
