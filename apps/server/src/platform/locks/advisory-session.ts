import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** Where a released lock is announced, so a process waiting for it tries again at once. */
const RELEASED_CHANNEL = 'revlane_lock_released';
/** A waiter tries again after this long, doubling up to the most (a killed holder tells nobody). */
const FIRST_RETRY_MS = 25;
const MOST_RETRY_MS = 1_000;

interface Session {
  client: pg.Client;
  /** The lock ids this connection holds; they go with it. */
  held: Set<string>;
  lost: boolean;
}

/**
 * This process's PostgreSQL session advisory locks, all on one connection of its own
 * (ADR 0035). One connection, whatever the number of locks held or awaited: holding one per
 * lock would let long turns (a rebuild, an upload) exhaust a pool or the server's
 * connections, and a turn taken inside another could wait for a connection forever.
 * So a lock is taken with `pg_try_advisory_lock` and, while another process holds it,
 * tried again on a backing-off timer or as soon as its release is announced.
 * A process that dies, or loses the connection, frees its locks with it.
 */
export class AdvisorySession {
  /** The connection in use (or being opened), and its opening. */
  private current: Session | null = null;
  private opening: Promise<Session> | null = null;
  private closed = false;
  private readonly wakers = new Map<string, Set<() => void>>();

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Waits until this process holds `id`'s lock; returns what releases it. Callers hold each id
   * at most once at a time (the session lock is re-entrant, so a second holder would pass).
   */
  async lock(id: string, signal?: AbortSignal): Promise<() => Promise<void>> {
    let delay = FIRST_RETRY_MS;
    let retriedLost = false;
    for (;;) {
      signal?.throwIfAborted();
      const session = await this.session();
      let locked: boolean;
      try {
        const { rows } = await session.client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
          [id],
        );
        locked = rows[0]?.locked === true;
      } catch (error) {
        // A connection found dead (the server restarted) is opened again once.
        if (!session.lost || retriedLost) throw error;
        retriedLost = true;
        continue;
      }
      if (locked && !session.lost) {
        session.held.add(id);
        return () => this.unlock(session, id);
      }
      await this.released(id, delay, signal);
      delay = Math.min(delay * 2, MOST_RETRY_MS);
    }
  }

  /** Ends the connection (its locks with it); waiting and later calls reject. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wakers of this.wakers.values()) for (const wake of wakers) wake();
    const session = this.current;
    if (!session) return;
    await this.opening?.catch(() => undefined);
    session.lost = true;
    await session.client.end().catch(() => undefined);
  }

  private async unlock(session: Session, id: string): Promise<void> {
    // Released already, or gone with a lost connection.
    if (!session.held.delete(id) || session.lost) return;
    try {
      await session.client.query(
        'SELECT pg_advisory_unlock(hashtextextended($1, 0)), pg_notify($2, $1)',
        [id, RELEASED_CHANNEL],
      );
    } catch (error) {
      // A lock left held would block every process for good: end the connection, which
      // releases it (and, with it, this process's other locks, which are reported lost).
      this.log.error({ err: error, lock: id }, 'releasing an advisory lock failed');
      this.lose(session);
    }
  }

  private session(): Promise<Session> {
    if (this.closed) return Promise.reject(new Error('The database locks are closed'));
    this.opening ??= this.open();
    return this.opening;
  }

  private async open(): Promise<Session> {
    const client = new pg.Client({ ...this.connection, keepAlive: true });
    const session: Session = { client, held: new Set(), lost: false };
    this.current = session;
    client.on('error', (error) => this.lose(session, error));
    client.on('end', () => this.lose(session));
    client.on('notification', ({ channel, payload }) => {
      if (channel === RELEASED_CHANNEL && payload) this.wake(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${RELEASED_CHANNEL}`);
    } catch (error) {
      this.lose(session);
      throw error;
    }
    if (session.lost) throw new Error('The database locks connection closed while opening');
    return session;
  }

  private lose(session: Session, error?: Error): void {
    if (session.lost) return;
    session.lost = true;
    if (this.current === session) {
      this.current = null;
      this.opening = null;
    }
    if (session.held.size > 0 && !this.closed) {
      // Their holders carry on, no longer excluding other processes: say which.
      this.log.error(
        { err: error, locks: [...session.held] },
        'advisory locks lost with their connection',
      );
    }
    session.held.clear();
    void session.client.end().catch(() => undefined);
  }

  /** Resolves after `delay` ms or when `id` is announced released; rejects on abort. */
  private released(id: string, delay: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wakers = this.wakers.get(id) ?? new Set();
      this.wakers.set(id, wakers);
      const stopWaiting = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        wakers.delete(wake);
        if (wakers.size === 0 && this.wakers.get(id) === wakers) this.wakers.delete(id);
      };
      const wake = () => {
        stopWaiting();
        resolve();
      };
      const onAbort = () => {
        stopWaiting();
        reject(signal?.reason as Error);
      };
      const timer = setTimeout(wake, delay);
      wakers.add(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private wake(id: string): void {
    for (const wake of this.wakers.get(id) ?? []) wake();
  }
}
