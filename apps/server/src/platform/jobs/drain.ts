import { setTimeout as sleep } from 'node:timers/promises';

interface DrainOptions {
  name: string;
  /** Jobs of the queue that are queued, waiting for a retry or running. */
  countUnfinished: () => Promise<number | null>;
  timeoutMs: number;
}

/** Short enough that a test waits little after its last job; the query is one index count. */
const CHECK_EVERY_MS = 100;

/**
 * Resolves once the queue has nothing left to do. pg-boss has no event for that across
 * processes, so this asks the database; a queue that never empties is an error, not a hang.
 */
export async function waitUntilDrained({
  name,
  countUnfinished,
  timeoutMs,
}: DrainOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const unfinished = (await countUnfinished()) ?? 0;
    if (unfinished === 0) return;
    if (Date.now() >= deadline) {
      throw new Error(
        `Job queue '${name}' still has ${unfinished} unfinished job(s) after ${timeoutMs} ms`,
      );
    }
    await sleep(CHECK_EVERY_MS);
  }
}
