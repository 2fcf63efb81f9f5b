import type { FastifyBaseLogger } from 'fastify';
import { loadDemoData, readLoadInfo, type DemoDataOptions } from '../warehouse/index.js';
import type { WarehouseAccess } from '../warehouse/index.js';

type DemoSize = Pick<DemoDataOptions, 'accounts' | 'users' | 'events'>;

/**
 * Loads the demo dataset into an organization's warehouse unless a load already finished
 * there (a later start skips it). A half-done load left by a killed process never swapped
 * in, so it counts as "not loaded" and runs again.
 */
export async function ensureDemoWarehouseData(
  warehouse: WarehouseAccess,
  orgId: string,
  log: FastifyBaseLogger,
  size: DemoSize = {},
): Promise<'loaded' | 'skipped'> {
  if (await readLoadInfo(warehouse.engine, orgId)) {
    log.info({ orgId }, 'demo warehouse data already loaded; skipping');
    return 'skipped';
  }
  log.info({ orgId }, 'loading demo warehouse data in the background');
  let lastTable = '';
  const result = await loadDemoData(warehouse.engine, orgId, {
    ...size,
    onProgress: ({ table, rows, total }) => {
      // One line per table start and end, not per batch.
      if (table !== lastTable || rows === total) log.info({ table, rows, total }, 'demo data');
      lastTable = table;
    },
  });
  log.info(
    { orgId, durationMs: result.durationMs, shape: result.shape },
    `demo warehouse data ready in ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  return 'loaded';
}
