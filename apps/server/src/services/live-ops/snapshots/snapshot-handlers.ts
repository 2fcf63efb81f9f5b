import { afterDefinitionChanged } from './after-definition-changed.js';
import { afterWarehouseLoaded } from './after-warehouse-loaded.js';
import { backfillOrganization } from './backfill-organization.js';
import { refreshDaily } from './daily-refresh.js';
import type { SnapshotDeps } from './snapshot-deps.js';
import { cohortBackfillJobSchema, cohortSnapshotsJobSchema } from './snapshot-jobs.js';
import { snapshotOrganization } from './snapshot-organization.js';

/** Job handlers: payloads are checked (a job outlives the code that queued it). */
export function snapshotHandlers(deps: SnapshotDeps) {
  return {
    snapshots: async (data: object) => {
      const job = cohortSnapshotsJobSchema.parse(data);
      await snapshotOrganization(deps, job.orgId, Date.parse(job.snapshotAt));
    },
    backfill: async (data: object) => {
      const job = cohortBackfillJobSchema.parse(data);
      await backfillOrganization(deps, job.orgId, { days: job.days, until: Date.parse(job.until) });
    },
    dailyRefresh: () => refreshDaily(deps),
    afterWarehouseLoaded: afterWarehouseLoaded(deps),
    afterDefinitionChanged: afterDefinitionChanged(deps),
  };
}
