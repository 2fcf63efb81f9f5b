import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { publishWarehouseLoaded } from '../platform/jobs/warehouse-loaded.js';
import { ensureDemoWarehouseData } from './demo-warehouse-data.js';

/**
 * The demo organization's warehouse at start-up: loads the demo data unless a load finished
 * before, then publishes "warehouse loaded" (reason `demo`) like any load. Snapshots follow
 * it (the demo's cohorts get their history back-filled), and after a skipped load too, so a
 * restart snapshots the cohorts as of now.
 */
export async function loadDemoWarehouse(
  app: FastifyInstance,
  orgId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  await ensureDemoWarehouseData(app.warehouse, orgId, log);
  const loadedAt = new Date().toISOString();
  await publishWarehouseLoaded(app.jobs, { orgId, loadedAt, reason: 'demo' });
}
