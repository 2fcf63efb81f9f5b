import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A key's count in its current window, this hit included, and the milliseconds it has left. */
export interface RateCount {
  count: number;
  ttlMs: number;
}

/**
 * Hits counted per key in fixed windows: a window starts at a key's first hit and lasts
 * `windowMs`, as @fastify/rate-limit's own stores count. Shared by every process on the
 * same PostgreSQL database or Redis (ADR 0035); in memory for the one embedded process.
 */
export interface RateCounter {
  /**
   * Counts `n` hits (default 1) and answers the count after them. With `n = 0`, reads the
   * count without starting a window ({ count: 0, ttlMs: 0 } when none is open).
   */
  hit(key: string, windowMs: number, n?: number): Promise<RateCount>;
  /** Forgets the key's window. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

const NONE: RateCount = { count: 0, ttlMs: 0 };

/**
 * In memory: one process's counts (PGlite runs as one process). At most `maxKeys` windows;
 * under a flood of distinct keys the oldest windows are forgotten first.
 */
export function createMemoryCounter({
  maxKeys = 50_000,
  now = () => Date.now(),
}: { maxKeys?: number; now?: () => number } = {}): RateCounter {
  // In the order the windows started (a restarted window moves to the end): the first
  // entries are the oldest, the first to expire or to be forgotten.
  const windows = new Map<string, { count: number; resetsAt: number }>();

  const countNow = (key: string, windowMs: number, n: number): RateCount => {
    const at = now();
    const open = windows.get(key);
    if (open && open.resetsAt > at) {
      open.count += n;
      return { count: open.count, ttlMs: open.resetsAt - at };
    }
    if (open) windows.delete(key);
    if (n === 0) return NONE;
    for (const [oldest, window] of windows) {
      if (window.resetsAt > at && windows.size < maxKeys) break;
      windows.delete(oldest);
    }
    windows.set(key, { count: n, resetsAt: at + windowMs });
    return { count: n, ttlMs: windowMs };
  };

  return {
    hit: (key, windowMs, n = 1) => Promise.resolve(countNow(key, windowMs, n)),
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
    close() {
      windows.clear();
      return Promise.resolve();
    },
  };
}

/** What the PostgreSQL counter needs of a `pg.Pool` (named statements: parsed once a connection). */
export interface Queryable {
  query(query: {
    name?: string;
    text: string;
    values?: unknown[];
  }): Promise<{ rows: Record<string, unknown>[] }>;
}

// One statement: a lapsed window restarts with this batch, an open one adds it.
const UPSERT = `
INSERT INTO rate_limit_counters AS c (key, count, resets_at)
VALUES ($1, $2, now() + $3::float8 * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN c.resets_at <= now() THEN excluded.count ELSE c.count + excluded.count END,
  resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
RETURNING c.count, ceil(extract(epoch FROM c.resets_at - now()) * 1000)::float8 AS ttl_ms`;

const READ = `
SELECT count, ceil(extract(epoch FROM resets_at - now()) * 1000)::float8 AS ttl_ms
FROM rate_limit_counters WHERE key = $1 AND resets_at > now()`;

// Lapsed windows are restarted in place by the upsert; rows of keys not seen again are
// deleted a minute after they lapse, at most once a minute per process.
const SWEEP = `DELETE FROM rate_limit_counters WHERE resets_at < now() - interval '1 minute'`;
const SWEEP_EVERY_MS = 60_000;

interface Waiter {
  n: number;
  resolve(count: RateCount): void;
  reject(error: unknown): void;
}

/** The hits of one key waiting for its upsert in flight to finish (one key, one window length). */
interface Lane {
  windowMs: number;
  queued: Waiter[];
  queuedN: number;
}

/**
 * In the metadata database's `rate_limit_counters` (ADR 0035). Per key at most one upsert is
 * in flight: the hits arriving meanwhile go together into the next one (`count + n`), and
 * each gets its own place in the order the database counted them, so the limit stays exact
 * with far fewer round trips than requests. Keys never wait for one another.
 */
export function createPostgresCounter({
  pool,
  log,
  now = () => Date.now(),
}: {
  pool: Queryable;
  log?: Log;
  now?: () => number;
}): RateCounter {
  const lanes = new Map<string, Lane>();
  let sweptAt = now();

  function sweepNowAndThen() {
    if (now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now();
    pool
      .query({ text: SWEEP })
      .catch((error: unknown) =>
        log?.warn({ err: error }, 'could not delete lapsed rate-limit counters'),
      );
  }

  async function count(key: string, windowMs: number, n: number): Promise<RateCount> {
    const { rows } =
      n === 0
        ? await pool.query({ name: 'revlane-rate-limit-read', text: READ, values: [key] })
        : await pool.query({
            name: 'revlane-rate-limit-hit',
            text: UPSERT,
            values: [key, n, windowMs],
          });
    const row = rows[0];
    return row ? { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) } : NONE;
  }

  function send(key: string, lane: Lane, batch: Waiter[], total: number) {
    count(key, lane.windowMs, total)
      .then(
        (result) => {
          // The database counted the batch in one go: hand out its places in arrival order
          // (a read, n = 0, sees the count of the hits before it).
          let before = result.count - total;
          for (const waiter of batch) {
            before += waiter.n;
            waiter.resolve({ count: before, ttlMs: result.ttlMs });
          }
        },
        (error: unknown) => batch.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => {
        if (lane.queued.length === 0) {
          lanes.delete(key);
          return;
        }
        const next = lane.queued;
        const nextN = lane.queuedN;
        lane.queued = [];
        lane.queuedN = 0;
        send(key, lane, next, nextN);
      });
  }

  return {
    hit(key, windowMs, n = 1) {
      sweepNowAndThen();
      return new Promise<RateCount>((resolve, reject) => {
        const waiter = { n, resolve, reject };
        const lane = lanes.get(key);
        if (lane) {
          lane.queued.push(waiter);
          lane.queuedN += n;
          return;
        }
        const fresh: Lane = { windowMs, queued: [], queuedN: 0 };
        lanes.set(key, fresh);
        send(key, fresh, [waiter], n);
      });
    },
    async reset(key) {
      await pool.query({
        name: 'revlane-rate-limit-reset',
        text: 'DELETE FROM rate_limit_counters WHERE key = $1',
        values: [key],
      });
    },
    close: () => Promise.resolve(),
  };
}

// INCRBY then PEXPIRE when the key has no expiry yet, atomically: the window starts at the
// first hit and is never extended.
const REDIS_HIT = `
local n = tonumber(ARGV[2])
if n == 0 then
  local value = redis.call('GET', KEYS[1])
  if not value then return {0, 0} end
  return {tonumber(value), math.max(redis.call('PTTL', KEYS[1]), 0)}
end
local count = redis.call('INCRBY', KEYS[1], n)
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type RedisWithHit = Redis & {
  revlaneRateHit(key: string, windowMs: number, n: number): Promise<[number, number]>;
};

/**
 * In Redis (REDIS_URL, ADR 0035). Commands issued together go in one write (auto-pipelining),
 * so no batching of our own is needed. Options in the URL's query (`?keyPrefix=…`) reach
 * ioredis.
 */
export async function createRedisCounter({
  url,
  log,
  prefix = 'revlane:rate-limit:',
}: {
  url: string;
  log?: Log;
  prefix?: string;
}): Promise<RateCounter> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableAutoPipelining: true,
    // A request fails after one reconnection attempt rather than waiting on an outage.
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    commandTimeout: 2_000,
  }) as RedisWithHit;
  redis.on('error', (error: Error) => log?.warn({ err: error }, 'rate-limit Redis error'));
  redis.defineCommand('revlaneRateHit', { numberOfKeys: 1, lua: REDIS_HIT });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error('REDIS_URL: could not connect to Redis for the rate limits', {
      cause: error,
    });
  }
  return {
    async hit(key, windowMs, n = 1) {
      const [count, ttlMs] = await redis.revlaneRateHit(prefix + key, windowMs, n);
      return { count: Number(count), ttlMs: Number(ttlMs) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis when REDIS_URL is set, else PostgreSQL when the metadata is there, else memory. */
export async function openRateCounter({
  redisUrl,
  postgres,
  log,
}: {
  redisUrl: string | undefined;
  /** The metadata database's pool when it is PostgreSQL. */
  postgres: Queryable | undefined;
  log?: Log;
}): Promise<RateCounter> {
  if (redisUrl) return createRedisCounter({ url: redisUrl, log });
  if (postgres) return createPostgresCounter({ pool: postgres, log });
  return createMemoryCounter();
}

/** What @fastify/rate-limit passes a store's `child`: the merged limit and its route. */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store on a RateCounter (its `store` option, constructed by the
 * plugin). Each route's limit counts under the route's own prefix; the limits made with
 * `createRateLimit` (whose route is unknown) count under `api|`, their key generators
 * keeping them apart.
 */
export function rateLimitStoreOn(counter: RateCounter) {
  class CounterStore {
    readonly prefix: string;

    constructor(_params: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.hit(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Typed by the plugin as the route's options; it is the merged limit (ChildParams).
    child(params: object): CounterStore {
      const route = (params as ChildParams).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      return new CounterStore(undefined, route?.url ? `${method} ${route.url}|` : 'api|');
    }
  }
  return CounterStore;
}
