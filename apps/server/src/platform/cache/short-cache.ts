/**
 * A small in-process cache for hot per-request look-ups (the signed-in account, the segment
 * a data request reads): entries live at most `ttlMs`, and `invalidate()` drops every entry
 * at once. Writers of the cached rows call `invalidate()` after they change them; the short
 * lifetime bounds what a write from elsewhere (another process on a shared database) leaves
 * stale. Only found values are cached: a miss always asks again.
 */
export class ShortCache<Value> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number }>();

  constructor(
    private readonly options: { ttlMs: number; capacity: number },
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<Value | undefined>): Promise<Value | undefined> {
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.value;
    this.entries.delete(key);
    // Remembered before the look-up: a write that invalidates meanwhile makes this value stale.
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation) this.remember(key, value);
    return value;
  }

  /** Drops every entry: called after a write to what the cache holds. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private generation = 0;

  private remember(key: string, value: Value) {
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
    if (this.entries.size > this.options.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

/**
 * One ShortCache per database handle (tests open many databases in one process, and a
 * transaction is not the handle it came from): keyed by the root handle.
 */
export function cachePerDatabase<Value>(options: { ttlMs: number; capacity: number }) {
  const caches = new WeakMap<object, ShortCache<Value>>();
  const all = new Set<WeakRef<ShortCache<Value>>>();
  return {
    of(db: object): ShortCache<Value> {
      let cache = caches.get(db);
      if (!cache) {
        cache = new ShortCache<Value>(options);
        caches.set(db, cache);
        all.add(new WeakRef(cache));
      }
      return cache;
    },
    /** Writes may run in a transaction (a different handle): drop the entries of every handle. */
    invalidateAll(): void {
      for (const ref of all) {
        const cache = ref.deref();
        if (cache) cache.invalidate();
        else all.delete(ref);
      }
    },
  };
}
