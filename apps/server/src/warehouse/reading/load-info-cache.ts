import type { Warehouse } from '../engine/warehouse.js';
import { readLoadInfo, type LoadInfo } from '../loading/load-info.js';
import { loadSwapCount } from '../loading/load-swaps.js';

/**
 * Which load an organization's reads see, asked once instead of twice per page request (two
 * warehouse queries, each on its own connection). An entry holds until this process commits
 * a swap or drop, and at most `ttlMs` (a load committed by another process sharing a
 * PostgreSQL warehouse). "Preparing" is never cached: the first load shows up at once.
 */
export class LoadInfoCache {
  private readonly entries = new Map<
    string,
    { load: LoadInfo; swaps: number; expiresAt: number }
  >();

  constructor(
    private readonly warehouse: Warehouse,
    private readonly ttlMs = 1_000,
  ) {}

  async get(orgId: string): Promise<LoadInfo | null> {
    const swaps = loadSwapCount();
    const cached = this.entries.get(orgId);
    if (cached && cached.swaps === swaps && cached.expiresAt > Date.now()) return cached.load;
    this.entries.delete(orgId);
    const load = await readLoadInfo(this.warehouse, orgId);
    // Read before a swap committed: the next get sees the new count and asks again.
    if (load) this.entries.set(orgId, { load, swaps, expiresAt: Date.now() + this.ttlMs });
    return load;
  }
}
