import type { DatabaseHandle } from './database.js';

/**
 * PGlite is opened by one process only: whatever a process finds "running" in it at start
 * was left by a process that died (kill -9, a crash), and can be failed at once. On
 * PostgreSQL another process may be alive and working on it, so only silence tells (a stale
 * heartbeat, an expired job) (docs/architecture.md §3.2, ADR 0019).
 */
export const runningAtStartIsDead = (kind: DatabaseHandle['kind']) => kind === 'pglite';

/** How long a run must have been silent, at start-up, to be a dead process's. */
export const staleSecondsAtStart = (kind: DatabaseHandle['kind'], staleSeconds: number) =>
  runningAtStartIsDead(kind) ? 0 : staleSeconds;
