/**
 * Serialises work per key (an organization): DuckDB allows one writer per file, and on
 * PostgreSQL two loads of one organization would fight over the same `__next` tables. The
 * in-process lock is the platform's (the database locks queue in it first, ADR 0035).
 */
export { KeyedLock, type TurnLock } from '../../platform/locks/index.js';
