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

/**
 * Tells every subscriber. Events that say the same thing (organization, reason and source)
 * collapse into one pending job per subscriber; different ones never do: a sync arriving
 * while a publish's event waits must still reach the subscriber that re-applies the
 * mapping after a sync, which the publish's payload would not tell.
 */
export function publishWarehouseLoaded(jobs: JobQueue, event: WarehouseLoaded): Promise<void> {
  const loaded = warehouseLoadedSchema.parse(event);
  return jobs.publish(WAREHOUSE_LOADED_EVENT, loaded, { singletonKey: pendingKeyOf(loaded) });
}

/** The key under which pending copies of an event collapse (see `publishWarehouseLoaded`). */
function pendingKeyOf({ orgId, reason, sourceId }: WarehouseLoaded): string {
  return [orgId, reason, sourceId ?? ''].join(':');
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
