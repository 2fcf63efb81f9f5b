/**
 * Locks that hold across processes (ADR 0035): `app.locks` on the metadata database, and
 * the in-process `KeyedLock` they queue in first.
 */
export { KeyedLock, type TurnLock } from './keyed-lock.js';
export { createLocks, type Locks, type LocksTarget, type ReleaseLock } from './locks.js';
export { locksPlugin } from './locks-plugin.js';
