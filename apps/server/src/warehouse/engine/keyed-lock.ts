/**
 * Serialises work per key (an organization): DuckDB allows one writer per file, and on
 * PostgreSQL two loads of one organization would fight over the same `__next` tables.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(work, work);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      // Forget the key once nothing else has queued behind this call.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
