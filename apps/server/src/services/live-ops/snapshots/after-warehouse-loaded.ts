import type { WarehouseLoaded } from '../../../platform/jobs/warehouse-loaded.js';
import { backfillOrganization } from './backfill-organization.js';
import type { SnapshotDeps } from './snapshot-deps.js';
import { DEMO_BACKFILL_DAYS } from './snapshot-jobs.js';
import { snapshotOrganization } from './snapshot-organization.js';

/** The snapshots' queue subscribed to "warehouse loaded" (docs/architecture.md §3.2). */
export const SNAPSHOTS_AFTER_LOAD_QUEUE = 'cohort-snapshots-after-load';

/**
 * What follows a load: the organization's cohorts are snapshotted as of the moment the data
 * became visible. After the demo load, cohorts without any snapshot first get their history
 * back-filled (so the demo's trends are not empty); a restart back-fills nothing twice.
 */
export function afterWarehouseLoaded(deps: SnapshotDeps) {
  return async (event: WarehouseLoaded): Promise<void> => {
    const loadedAt = Date.parse(event.loadedAt);
    if (event.reason === 'demo') {
      await backfillOrganization(deps, event.orgId, { days: DEMO_BACKFILL_DAYS, until: loadedAt });
    } else {
      await snapshotOrganization(deps, event.orgId, loadedAt);
    }
  };
}
