import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../database/database.js';
import type { JobHandler, JobOptions, JobQueue } from './job-queue.js';
import { waitUntilDrained } from './drain.js';
import { JobsDatabase } from './jobs-database.js';

export interface PgBossJobQueueOptions {
  database: DatabaseHandle;
  /** false: only enqueue (and register queues); no polling, no schedules sent from here. */
  isWorking?: boolean;
  /** How often an idle worker looks for jobs; default 2, at least 0.5. */
  pollingIntervalSeconds?: number;
  /** A running job not finished by then counts as lost (its process died) and is retried. */
  expireInSeconds?: number;
  /**
   * No other process can be running jobs on this database (PGlite: one process opens it), so a
   * job still active at start belonged to a process that died: fail it at once, to be retried
   * by its policy, instead of leaving it "running" until it expires.
   */
  failActiveJobsAtStart?: boolean;
  /** How often expired jobs are looked for and old ones archived; default 120. */
  maintenanceIntervalSeconds?: number;
  /** How long `stop()` lets running jobs finish before failing them (to be retried). */
  stopTimeoutMs?: number;
  /** How long `drain()` waits before giving up with an error; default 30 s. */
  drainTimeoutMs?: number;
  /** pg-boss reports failures in its background loops here (it must never go unheard). */
  onError: (error: unknown) => void;
}

/** The failure recorded on a job whose process died while running it. */
export const INTERRUPTED_JOB_MESSAGE = 'Interrupted: the process running this job stopped';

const DEFAULT_RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true };

function sendOptions(options: JobOptions): PgBoss.SendOptions {
  return {
    // The queues' policy keeps one queued job per key; a job without a key gets its own.
    singletonKey: options.singletonKey ?? randomUUID(),
    ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
  };
}

/**
 * Session advisory locks (`hashtextextended` of these texts) that make processes starting
 * together (ADR 0035) take turns: pg-boss's own install lock does not stop two of them
 * creating its schema at once (the loser fails on `pg_namespace`'s unique key, and a failed
 * `PgBoss.start` cannot be tried again), and two creating different queues at once deadlock
 * on its job and queue tables (each queue is a partition with foreign keys).
 */
const START_LOCK = 'revlane-pg-boss-start';
const CREATE_QUEUE_LOCK = 'revlane-pg-boss-create-queue';

/**
 * Runs `work` holding the session advisory lock `lock` on a connection of its own
 * (PostgreSQL; PGlite has one process). The lock goes with its connection should the
 * process die meanwhile.
 */
async function holdingLock(database: DatabaseHandle, lock: string, work: () => Promise<unknown>) {
  // drizzle's node-postgres database keeps its pg.Pool as `$client`.
  const pool =
    database.kind === 'postgres' ? (database.db as unknown as { $client: pg.Pool }).$client : null;
  // Closing: pg-boss's queries answer nothing then (JobsDatabase), so there is nothing to order.
  if (!pool || pool.ending) {
    await work();
    return;
  }
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lock]);
    await work();
    await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lock]);
  } catch (error) {
    // Destroyed, not returned to the pool: the lock must not stay held on a pooled connection.
    client.release(error as Error);
    throw error;
  }
  client.release();
}

/** `JobQueue` on pg-boss over the metadata database (docs/architecture.md §3.2). */
export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly database: JobsDatabase;
  private readonly createdQueues = new Map<string, Promise<void>>();
  /** The queues this process is creating, one after the other. */
  private queueCreations: Promise<void> = Promise.resolve();
  /** This process's worker of each queue it works, woken when it sends that queue a job. */
  private readonly workers = new Map<string, string>();
  private isStopping = false;

  constructor(private readonly options: PgBossJobQueueOptions) {
    this.database = new JobsDatabase(options.database);
    const isWorking = options.isWorking ?? true;
    this.boss = new PgBoss({
      db: this.database as unknown as PgBoss.ConstructorOptions['db'],
      // Expiry checks and the cron clock belong to processes that run jobs.
      supervise: isWorking,
      schedule: isWorking,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
      ...DEFAULT_RETRY,
    });
    this.boss.on('error', options.onError);
  }

  /** Installs or migrates pg-boss's schema (idempotent) and starts its loops. */
  async start(): Promise<void> {
    await holdingLock(this.options.database, START_LOCK, () => this.boss.start());
    if (this.options.failActiveJobsAtStart) await this.failJobsOfDeadProcess();
  }

  /** Jobs left `active` by a killed process (docs/architecture.md §3.2): failed, so retried. */
  private async failJobsOfDeadProcess(): Promise<void> {
    const result = await this.database.executeSql(
      `SELECT name, array_agg(id) AS ids FROM pgboss.job WHERE state = 'active' GROUP BY name`,
    );
    for (const { name, ids } of (result?.rows ?? []) as { name: string; ids: string[] }[])
      for (const id of ids) await this.boss.fail(name, id, { message: INTERRUPTED_JOB_MESSAGE });
  }

  /**
   * Stops polling, lets running jobs finish (up to `stopTimeoutMs`, then fails them so they
   * are retried), and only then lets go of the database.
   */
  async stop(): Promise<void> {
    this.isStopping = true;
    await this.boss.stop({ graceful: true, timeout: this.options.stopTimeoutMs ?? 30_000 });
    this.database.close();
  }

  /**
   * Stops as a crashed process would: the database is let go first, so running jobs stay
   * active in it until they expire and another process retries them (tests of that case).
   */
  async abandon(): Promise<void> {
    this.database.close();
    await this.boss.stop({ graceful: false });
  }

  async work<Data extends object>(name: string, handler: JobHandler<Data>): Promise<void> {
    await this.createQueue(name);
    if (!(this.options.isWorking ?? true)) return;
    const workerId = await this.boss.work<Data>(
      name,
      { batchSize: 1, includeMetadata: true },
      async (jobs) => {
        // A poll already under way when stopping began can still bring a job; leave it to be
        // retried rather than start work on stores that are about to close.
        if (this.isStopping) throw new Error('The job queue is stopping');
        for (const job of jobs)
          await handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
      },
    );
    this.workers.set(name, workerId);
  }

  async send<Data extends object>(
    name: string,
    data: Data,
    options: JobOptions = {},
  ): Promise<string | null> {
    await this.createQueue(name);
    const id = await this.boss.send(name, data, sendOptions(options));
    // A job sent where it is worked starts now, not at the worker's next poll (a sync after
    // an upload, ADR 0027); an idle worker otherwise sleeps out its polling interval.
    const workerId = this.workers.get(name);
    if (id && workerId) this.boss.notifyWorker(workerId);
    return id;
  }

  async publish<Data extends object>(
    event: string,
    data: Data,
    options: JobOptions = {},
  ): Promise<void> {
    await this.boss.publish(event, data, sendOptions(options));
  }

  async subscribe(event: string, name: string): Promise<void> {
    await this.createQueue(name);
    await this.boss.subscribe(event, name);
  }

  async schedule<Data extends object>(name: string, cron: string, data: Data): Promise<void> {
    await this.createQueue(name);
    await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  async drain(name: string): Promise<void> {
    await waitUntilDrained({
      name,
      countUnfinished: () => this.boss.getQueueSize(name, { before: 'completed' }),
      timeoutMs: this.options.drainTimeoutMs ?? 30_000,
    });
  }

  /** The schedules registered in the database (tests and diagnostics). */
  async listSchedules(): Promise<PgBoss.Schedule[]> {
    return this.boss.getSchedules();
  }

  /**
   * pg-boss 10 wants a queue before its first job. 'short' keeps at most one *queued* job
   * per singleton key (a running one does not block the next), which is what
   * `JobOptions.singletonKey` promises; `send` gives key-less jobs a key of their own.
   */
  private createQueue(name: string): Promise<void> {
    let created = this.createdQueues.get(name);
    if (!created) {
      // One at a time in this process too: each waiting turn would hold a pooled connection.
      created = this.queueCreations.then(() => this.createMissingQueue(name));
      this.queueCreations = created.catch(() => undefined);
      created.catch(() => this.createdQueues.delete(name));
      this.createdQueues.set(name, created);
    }
    return created;
  }

  /** A queue that exists already (every one, once a deployment has started) takes no turn. */
  private async createMissingQueue(name: string): Promise<void> {
    const existing = await this.boss.getQueue(name).catch(() => null);
    if (existing) return;
    await holdingLock(this.options.database, CREATE_QUEUE_LOCK, () =>
      this.boss.createQueue(name, { name, policy: 'short', ...DEFAULT_RETRY }),
    );
  }
}
