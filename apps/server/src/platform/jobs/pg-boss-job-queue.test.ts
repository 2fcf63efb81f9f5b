import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { createLatch, recordRuns, startTestJobQueue } from '../../../test/jobs.js';
import type { DatabaseHandle } from '../database/database.js';
import type { PgBossJobQueue } from './pg-boss-job-queue.js';

const store = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`job queue on pg-boss over ${store} (docs/architecture.md §3.2)`, () => {
  let database: DatabaseHandle;
  let queue: PgBossJobQueue;
  let errors: unknown[];

  // One database for the file (opening one is the slow part); each test has its own queues.
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ queue, errors } = await startTestJobQueue(database));
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  it('runs a sent job with its data', async () => {
    const { runs, handler } = recordRuns();
    await queue.work('greet', handler);

    const id = await queue.send('greet', { organizationId: 'org-1' });
    await queue.drain('greet');

    expect(id).toEqual(expect.any(String));
    expect(runs).toEqual([{ data: { organizationId: 'org-1' }, attempt: 1 }]);
  });

  it('starts a job sent where it is worked at once, not at the next poll', async () => {
    // A worker that would sleep 60 s between polls.
    const slow = await startTestJobQueue(database, { pollingIntervalSeconds: 60 });
    try {
      const ran = createLatch<number>();
      await slow.queue.work('wake', () => {
        ran.release(Date.now());
        return Promise.resolve();
      });
      // Its first poll (at start) found nothing: it is asleep now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const sentAt = Date.now();
      await slow.queue.send('wake', {});
      const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(-1), 20_000));
      const startedAt = await Promise.race([ran.promise, timeout]);
      expect(startedAt).toBeGreaterThanOrEqual(sentAt);
      expect(startedAt - sentAt).toBeLessThan(10_000);
      expect(slow.errors).toEqual([]);
    } finally {
      await slow.queue.stop();
    }
  });

  it('retries a job whose handler failed, telling the handler its attempt', async () => {
    const attempts: number[] = [];
    await queue.work('flaky', (_data, job) => {
      attempts.push(job.attempt);
      return job.attempt === 1 ? Promise.reject(new Error('the CRM timed out')) : Promise.resolve();
    });

    await queue.send('flaky', {}, { retryDelaySeconds: 1 });
    await queue.drain('flaky');

    expect(attempts).toEqual([1, 2]);
  });

  it('keeps one queued job per singleton key, and any number without a key', async () => {
    const first = await queue.send('snapshot', { run: 1 }, { singletonKey: 'org-1' });
    const duplicate = await queue.send('snapshot', { run: 2 }, { singletonKey: 'org-1' });
    const otherKey = await queue.send('snapshot', { run: 3 }, { singletonKey: 'org-2' });
    const keyless = [await queue.send('snapshot', { run: 4 }), await queue.send('snapshot', {})];

    expect(first).toEqual(expect.any(String));
    expect(duplicate).toBeNull();
    expect(otherKey).toEqual(expect.any(String));
    expect(keyless).toEqual([expect.any(String), expect.any(String)]);
  });

  it('delivers a published event to every subscribed queue, once each', async () => {
    const snapshots = recordRuns();
    const alerts = recordRuns();
    await queue.subscribe('loaded', 'on-loaded-snapshots');
    await queue.subscribe('loaded', 'on-loaded-alerts');
    await queue.work('on-loaded-snapshots', snapshots.handler);
    await queue.work('on-loaded-alerts', alerts.handler);

    await queue.publish('loaded', { orgId: 'org-1' }, { singletonKey: 'org-1' });
    await queue.publish('nobody-listens', { orgId: 'org-1' });
    await queue.drain('on-loaded-snapshots');
    await queue.drain('on-loaded-alerts');

    expect(snapshots.runs).toEqual([{ data: { orgId: 'org-1' }, attempt: 1 }]);
    expect(alerts.runs).toEqual([{ data: { orgId: 'org-1' }, attempt: 1 }]);
  });

  it('registers a schedule in UTC', async () => {
    await queue.schedule('nightly-snapshots', '15 3 * * *', { scope: 'all' });

    expect(await queue.listSchedules()).toEqual([
      expect.objectContaining({
        name: 'nightly-snapshots',
        cron: '15 3 * * *',
        timezone: 'UTC',
        data: { scope: 'all' },
      }),
    ]);
  });

  it('retries a job whose worker died mid-run in a worker that is still alive', async () => {
    const { queue: dying } = await startTestJobQueue(database, { expireInSeconds: 1 });
    const started = createLatch();
    await dying.work('export', async () => {
      started.release();
      await new Promise(() => {}); // hangs, like a process that is about to die
    });
    await dying.send('export', { fileId: 'f-1' }, { retryDelaySeconds: 1 });
    await started.promise;
    await dying.abandon();

    const { queue: survivor } = await startTestJobQueue(database, {
      maintenanceIntervalSeconds: 1,
    });
    const { runs, handler } = recordRuns();
    await survivor.work('export', handler);
    await survivor.drain('export');
    await survivor.stop();

    expect(runs).toEqual([{ data: { fileId: 'f-1' }, attempt: 2 }]);
  });

  it('fails at start, to be retried now, a job left running by a process that died (PGlite)', async () => {
    const { queue: dying } = await startTestJobQueue(database);
    const started = createLatch();
    await dying.work('interrupted-snapshot', async () => {
      started.release();
      await new Promise(() => {}); // hangs, like a process killed with kill -9
    });
    await dying.send('interrupted-snapshot', { orgId: 'org-1' }, { retryDelaySeconds: 1 });
    await started.promise;
    await dying.abandon();

    // The default expiry (15 min) is far away: only the start-up sweep can retry it.
    const { queue: restarted } = await startTestJobQueue(database, {
      failActiveJobsAtStart: true,
    });
    const { runs, handler } = recordRuns();
    await restarted.work('interrupted-snapshot', handler);
    await restarted.drain('interrupted-snapshot');
    await restarted.stop();

    expect(runs).toEqual([{ data: { orgId: 'org-1' }, attempt: 2 }]);
  });

  it('says which queue did not drain in time', async () => {
    const { queue: impatient } = await startTestJobQueue(database, { drainTimeoutMs: 200 });
    await impatient.send('unworked', {});

    await expect(impatient.drain('unworked')).rejects.toThrow(/'unworked' still has 1 unfinished/);
    await impatient.stop();
  });

  it('never lands a job inside a transaction of the app that rolls back', async () => {
    await queue.send('audit', {});
    let sending: Promise<string | null> | undefined;

    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        sending = queue.send('audit', { sentDuringTransaction: true });
        await tx.execute(sql`select 2`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    const id = await sending;
    // Both drivers answer `{ rows }`; the shared Database type leaves the result unknown.
    const stored = (await database.db.execute(
      sql`select data from pgboss.job where id = ${id}::uuid`,
    )) as { rows: unknown[] };
    expect(stored.rows).toEqual([{ data: { sentDuringTransaction: true } }]);
  });
});
