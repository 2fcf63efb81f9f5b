import type { CompiledQuery } from '../engine/warehouse.js';
import { loadSwapCount } from '../loading/load-swaps.js';

/**
 * Results of segment queries per load: exact counts (docs/architecture.md §5: a COUNT(*)
 * dominates page cost on PostgreSQL) and pages (under concurrency the same page query ran
 * once per request). The segment tables change only by a swap, which comes with a new load
 * id; keys hold the load id and the process's swap count, so a new load never serves an old
 * result. Concurrent misses share one query; least recently used entries go first.
 */
export class PerLoadCache<Value> {
  private readonly entries = new Map<string, Promise<Value>>();

  constructor(private readonly capacity: number) {}

  private static key(orgId: string, loadId: string, query: CompiledQuery): string {
    return JSON.stringify([orgId, loadId, loadSwapCount(), query.sql, query.params]);
  }

  get(orgId: string, loadId: string, query: CompiledQuery, run: () => Promise<Value>) {
    const key = PerLoadCache.key(orgId, loadId, query);
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const value = run();
    // A failed query is not a result: the next request asks again.
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return value;
  }
}
