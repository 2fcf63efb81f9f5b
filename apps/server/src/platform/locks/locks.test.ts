import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import { captureLogs } from '../../../test/log-capture.js';
import { createTestKeys } from '../../../test/tokens.js';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../database/database.js';
import { createLocks, KeyedLock, type Locks } from './index.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.info('locks across processes: skipped without TEST_DATABASE_URL');

const silent = pino({ level: 'silent' });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const poolOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: pg.Pool }).$client;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const late = Symbol('late');
  const winner = await Promise.race([promise.then(() => true), sleep(ms).then(() => late)]);
  return winner !== late;
}

describe('in-process turns (KeyedLock)', () => {
  it('runs work of one key one at a time, in order, and other keys alongside', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const first = deferred();
    const a1 = lock.run('a', async () => {
      order.push('a1 start');
      await first.promise;
      order.push('a1 end');
    });
    const a2 = lock.run('a', () => Promise.resolve(order.push('a2')));
    await lock.run('b', () => Promise.resolve(order.push('b')));
    first.resolve();
    await Promise.all([a1, a2]);
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
  });

  it('passes over a waiter that aborts, and a failed turn still hands on', async () => {
    const lock = new KeyedLock();
    const release = await lock.acquire('a');
    const controller = new AbortController();
    const aborted = lock.acquire('a', controller.signal);
    const next = lock.acquire('a');
    controller.abort(new Error('gave up'));
    await expect(aborted).rejects.toThrow('gave up');
    expect(await settlesWithin(next, 50)).toBe(false);
    release();
    (await next)();
    await expect(lock.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lock.run('a', () => Promise.resolve('after'))).toBe('after');
  });

  it('on PGlite, app locks are the process turns', async () => {
    const locks = createLocks({ kind: 'pglite' }, silent);
    const held = deferred();
    const first = locks.named('table-rebuilds').run('org', () => held.promise);
    const second = locks.named('table-rebuilds').run('org', () => Promise.resolve('second'));
    expect(await settlesWithin(second, 50)).toBe(false);
    held.resolve();
    await first;
    expect(await second).toBe('second');
    expect(() => locks.named('Bad:Name')).toThrow('Invalid lock namespace');
    await locks.close();
  });
});

/**
 * Two processes on one PostgreSQL database: each `Locks` has its own connection, as each
 * process would (ADR 0035).
 */
describe.skipIf(!postgresUrl)('locks across processes on PostgreSQL (ADR 0035)', () => {
  let database: DatabaseHandle;
  let connection: pg.ClientConfig;
  const opened: Locks[] = [];
  const openLocks = (log = silent) => {
    const locks = createLocks({ kind: 'postgres', connection }, log);
    opened.push(locks);
    return locks;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    connection = poolOf(database).options;
  });
  afterAll(async () => {
    await Promise.all(opened.map((locks) => locks.close()));
    await database?.close();
  });

  /** The backends holding an advisory lock in the test database. */
  async function advisoryHolders(): Promise<number[]> {
    const result = await poolOf(database).query<{ pid: number }>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return result.rows.map((row) => row.pid);
  }

  it("a rebuild turn held by one process blocks the other's until released", async () => {
    const [one, two] = [openLocks(), openLocks()];
    const orgId = randomUUID();
    const held = deferred();
    const order: string[] = [];
    const first = one.named('table-rebuilds').run(orgId, async () => {
      order.push('one');
      await held.promise;
      order.push('one done');
    });
    await expect.poll(() => order).toEqual(['one']);
    const second = two.named('table-rebuilds').run(orgId, () => {
      order.push('two');
      return Promise.resolve();
    });
    // Another organization's turn, or another namespace's, is not held up.
    await two.named('table-rebuilds').run(randomUUID(), () => Promise.resolve());
    await two.named('cohort-snapshots').run(orgId, () => Promise.resolve());
    expect(await settlesWithin(second, 300)).toBe(false);
    held.resolve();
    await Promise.all([first, second]);
    expect(order).toEqual(['one', 'one done', 'two']);
    expect(await advisoryHolders()).toEqual([]);
  });

  it("a killed holder's locks go with its connection", async () => {
    const logs = captureLogs();
    const one = openLocks(pino({ level: 'error' }, logs.stream));
    const two = openLocks();
    const orgId = randomUUID();
    const release = await one.acquire('table-rebuilds', orgId);
    const [holder] = await advisoryHolders();
    const waiting = two.acquire('table-rebuilds', orgId);
    expect(await settlesWithin(waiting, 300)).toBe(false);
    // As when its process is killed: the server ends the connection.
    await poolOf(database).query('SELECT pg_terminate_backend($1)', [holder]);
    const releaseTwo = await waiting;
    await expect.poll(() => logs.text()).toContain('advisory locks lost with their connection');
    await release(); // the lock went with the connection: nothing to do, no error
    await releaseTwo();
    // The process carries on with a new connection.
    await one.named('table-rebuilds').run(orgId, () => Promise.resolve());
  });

  it('a waiter may give up (an upload request closed)', async () => {
    const [one, two] = [openLocks(), openLocks()];
    const key = randomUUID();
    const release = await one.acquire('uploads', key);
    const controller = new AbortController();
    const waiting = two.acquire('uploads', key, { signal: controller.signal });
    await sleep(100);
    controller.abort(new Error('request closed'));
    await expect(waiting).rejects.toThrow('request closed');
    await release();
    const again = await two.acquire('uploads', key);
    await again();
    await again(); // twice is harmless
  });

  it("two apps on one database take an organization's rebuild turn in turns", async () => {
    const keys = await createTestKeys();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-locks-'));
    const apps: FastifyInstance[] = [];
    try {
      for (const name of ['one', 'two']) {
        const config = testConfig({ REVLANE_DATA_DIR: path.join(dataDir, name) });
        apps.push(await buildApp({ config, database, jwks: keys.jwks }));
      }
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      const orgId = randomUUID();
      const held = deferred();
      const order: string[] = [];
      const first = one.warehouse.rebuilds.run(orgId, async () => {
        order.push('one');
        await held.promise;
      });
      await expect.poll(() => order).toEqual(['one']);
      const second = two.warehouse.rebuilds.run(orgId, () => Promise.resolve(order.push('two')));
      expect(await settlesWithin(second, 300)).toBe(false);
      held.resolve();
      await Promise.all([first, second]);
      expect(order).toEqual(['one', 'two']);
    } finally {
      for (const app of apps) await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
