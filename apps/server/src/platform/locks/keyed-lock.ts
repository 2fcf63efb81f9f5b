/** Work that takes turns per key: `run` waits for the key's turn, runs `work`, then hands it on. */
export interface TurnLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/**
 * Serialises work per key (an organization) within this process, first come first served.
 * The database locks (`Locks`) queue here first, so one process waits on at most one
 * database lock per key; DuckDB's writes use it alone (one writer per file, one process).
 */
export class KeyedLock implements TurnLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(key);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /**
   * Waits for the key's turn and returns what ends it (calling it again does nothing). An
   * abort while waiting rejects with the signal's reason; the turn then passes over it.
   */
  async acquire(key: string, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    const previous = this.tails.get(key) ?? Promise.resolve();
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const tail = previous.then(() => ended);
    this.tails.set(key, tail);
    // Forget the key once nothing else has queued behind this turn.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    try {
      await (signal ? untilAborted(previous, signal) : previous);
    } catch (error) {
      end();
      throw error;
    }
    return end;
  }
}

/** `waiting`, unless `signal` aborts first (then its reason). `waiting` never rejects. */
function untilAborted(waiting: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void waiting.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
