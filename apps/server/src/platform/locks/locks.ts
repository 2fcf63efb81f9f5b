import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { AdvisorySession } from './advisory-session.js';
import { KeyedLock, type TurnLock } from './keyed-lock.js';

/** Ends a turn taken with `acquire`; calling it again does nothing. Never rejects. */
export type ReleaseLock = () => Promise<void>;

/**
 * Locks held across every process on the metadata database (ADR 0035): one holder per
 * namespace and key at a time, whichever process it runs in.
 */
export interface Locks {
  /** The turns of one kind of work (`table-rebuilds`), by key (an organization). */
  named(namespace: string): TurnLock;
  /** For callers that cannot wrap their work in a function (an upload's PATCH requests). */
  acquire(namespace: string, key: string, options?: { signal?: AbortSignal }): Promise<ReleaseLock>;
  /** Ends the database connection (and any lock still held with it). */
  close(): Promise<void>;
}

export type LocksTarget =
  /** PGlite is one process's (docs/architecture.md §3.2): turns in this process are enough. */
  | { kind: 'pglite' }
  /** How to connect to the metadata database, e.g. its pool's options. */
  | { kind: 'postgres'; connection: pg.ClientConfig };

const NAMESPACE = /^[a-z][a-z0-9-]*$/;

export function createLocks(target: LocksTarget, log: FastifyBaseLogger): Locks {
  const session = target.kind === 'postgres' ? new AdvisorySession(target.connection, log) : null;
  const local = new Map<string, KeyedLock>();
  const named = new Map<string, TurnLock>();

  const localOf = (namespace: string): KeyedLock => {
    if (!NAMESPACE.test(namespace)) throw new Error(`Invalid lock namespace: ${namespace}`);
    let lock = local.get(namespace);
    if (!lock) {
      lock = new KeyedLock();
      local.set(namespace, lock);
    }
    return lock;
  };

  const acquire: Locks['acquire'] = async (namespace, key, { signal } = {}) => {
    // This process's turn first: it waits on at most one database lock per key.
    const endTurn = await localOf(namespace).acquire(key, signal);
    if (!session) return () => Promise.resolve(endTurn());
    let unlock: () => Promise<void>;
    try {
      unlock = await session.lock(`${namespace}:${key}`, signal);
    } catch (error) {
      endTurn();
      throw error;
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      try {
        await unlock();
      } finally {
        endTurn();
      }
    };
  };

  return {
    named(namespace) {
      localOf(namespace);
      let lock = named.get(namespace);
      if (!lock) {
        lock = {
          async run(key, work) {
            const release = await acquire(namespace, key);
            try {
              return await work();
            } finally {
              await release();
            }
          },
        };
        named.set(namespace, lock);
      }
      return lock;
    },
    acquire,
    close: () => session?.close() ?? Promise.resolve(),
  };
}
