import { z } from 'zod';
import type { JobHandler, JobQueue } from './job-queue.js';

/**
 * "An organization's warehouse was loaded" (docs/architecture.md §3.2): published by
 * whatever swaps new data in (the demo load, a source sync, a mapping publish, the daily
 * refresh); cohort snapshots follow it, and alerts and plays follow the snapshots.
 */
export const WAREHOUSE_LOADED_EVENT = 'warehouse-loaded';

export const warehouseLoadedSchema = z.object({
  orgId: z.string().min(1),
  /** When the new data became visible; a retried subscriber works as of this moment. */
  loadedAt: z.iso.datetime(),
  reason: z.enum(['demo', 'sync', 'publish', 'refresh']),
  /** The source or run that loaded it, when there is one. */
  sourceId: z.string().optional(),
});
export type WarehouseLoaded = z.infer<typeof warehouseLoadedSchema>;

/** Tells every subscriber; at most one pending job per organization and subscriber. */
export function publishWarehouseLoaded(jobs: JobQueue, event: WarehouseLoaded): Promise<void> {
  return jobs.publish(WAREHOUSE_LOADED_EVENT, warehouseLoadedSchema.parse(event), {
    singletonKey: event.orgId,
  });
}

/** Runs `handler` (in queue `queue`) after every load; payloads are checked on the way in. */
export async function onWarehouseLoaded(
  jobs: JobQueue,
  queue: string,
  handler: JobHandler<WarehouseLoaded>,
): Promise<void> {
  await jobs.subscribe(WAREHOUSE_LOADED_EVENT, queue);
  await jobs.work<object>(queue, (data, job) => handler(warehouseLoadedSchema.parse(data), job));
}
