import { publishWarehouseLoaded } from '../../../platform/jobs/warehouse-loaded.js';
import { readLoadInfo, refreshMetrics } from '../../../warehouse/index.js';
import type { SnapshotDeps } from './snapshot-deps.js';
import { listOrganizationIds } from './snapshots.repository.js';

/**
 * The daily run: for each organization with loaded data, rebuilds the metrics (their windows
 * end today, so "active in the last 7 days" moves on without a load), then publishes
 * "warehouse loaded" (reason `refresh`), which the organization's snapshots follow. One
 * organization failing does not stop the others; the run fails at the end so the queue
 * retries it.
 */
export async function refreshDaily(deps: SnapshotDeps): Promise<void> {
  const failed: string[] = [];
  for (const orgId of await listOrganizationIds(deps.db)) {
    if (!(await readLoadInfo(deps.warehouse, orgId))) continue;
    try {
      await refreshOrganization(deps, orgId);
    } catch (error) {
      deps.log.error({ orgId, err: error }, 'daily refresh failed');
      failed.push(orgId);
    }
  }
  if (failed.length > 0)
    throw new Error(`Daily refresh failed for ${failed.length} organization(s)`);
}

/**
 * One organization's refresh: rebuilds its derived tables (metrics, segment tables and their
 * scores) from the canonical ones, then publishes "warehouse loaded" (reason `refresh`). The
 * daily run does this for each organization; a score's change does it for its own (ADR 0034).
 */
export async function refreshOrganization(
  deps: Pick<SnapshotDeps, 'warehouse' | 'rebuilds' | 'jobs'>,
  orgId: string,
): Promise<void> {
  // A mapping publish builds the same tables: wait for its turn.
  await deps.rebuilds.run(orgId, () => refreshMetrics(deps.warehouse, orgId));
  // New derived tables are a load like any other: snapshots (and what follows them) run.
  const loadedAt = new Date().toISOString();
  await publishWarehouseLoaded(deps.jobs, { orgId, loadedAt, reason: 'refresh' });
}
