import type { CompiledQuery } from '../engine/warehouse.js';

/**
 * Exact counts per load (docs/architecture.md §5: a COUNT(*) dominates page cost on PostgreSQL). Keys
 * include the load id, so a new load never serves an old count; least recently used
 * entries go first.
 */
export class CountCache {
  private readonly entries = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  private static key(orgId: string, loadId: string, query: CompiledQuery): string {
    return JSON.stringify([orgId, loadId, query.sql, query.params]);
  }

  async get(orgId: string, loadId: string, query: CompiledQuery, count: () => Promise<number>) {
    const key = CountCache.key(orgId, loadId, query);
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const value = await count();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return value;
  }
}
