import { setTimeout as sleep } from 'node:timers/promises';
import { quoteIdentifier } from '../engine/identifiers.js';
import { postgresDialect } from './postgres-dialect.js';

/**
 * The statements of an atomic swap. Dropping the old table takes an exclusive lock that
 * queues every new reader behind it, so the wait for running readers is bounded (the whole
 * swap is retried instead of stalling the organization behind a long export).
 */
export function swapStatements(
  orgId: string,
  names: readonly string[],
  nextName: (name: string) => string,
  indexesOf: (next: string) => readonly string[],
): string[] {
  const statements = [`SET LOCAL lock_timeout = '2s'`];
  for (const name of names) {
    const next = nextName(name);
    statements.push(
      `DROP TABLE IF EXISTS ${postgresDialect.table(orgId, name)}`,
      `ALTER TABLE ${postgresDialect.table(orgId, next)} RENAME TO ${quoteIdentifier(name)}`,
    );
    // Index names are per schema: they follow the table, or the next load could not reuse them.
    for (const index of indexesOf(next)) {
      if (!index.startsWith(`${next}_`)) continue;
      const renamed = `${name}_${index.slice(next.length + 1)}`;
      statements.push(
        `ALTER INDEX ${postgresDialect.table(orgId, index)} RENAME TO ${quoteIdentifier(renamed)}`,
      );
    }
  }
  return statements;
}

const LOCK_NOT_AVAILABLE = '55P03';

/** Retries work that gave up waiting for a lock, with growing pauses. */
export async function withLockRetries<T>(work: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== LOCK_NOT_AVAILABLE || attempt >= attempts) throw error;
      await sleep(100 * attempt);
    }
  }
}
