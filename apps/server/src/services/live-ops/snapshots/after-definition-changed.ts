import type { AppEvents } from '../../../platform/events/app-events.js';
import { countCreatedCohort } from './count-created-cohort.js';
import { sendCohortBackfill } from './request-snapshots.js';
import type { SnapshotDeps } from './snapshot-deps.js';

/**
 * What follows a cohort's creation or new filters (the `cohortDefinitionChanged` event):
 * a new cohort is counted at once, then the history is back-filled in the background
 * (ADR 0013). The back-fill is asked for even when the count failed, so the cohort is
 * counted by it within seconds instead.
 */
export function afterDefinitionChanged(deps: SnapshotDeps) {
  return async ({ orgId, createdCohortId }: AppEvents['cohortDefinitionChanged']) => {
    try {
      if (createdCohortId) await countCreatedCohort(deps, orgId, createdCohortId);
    } finally {
      await sendCohortBackfill(deps.jobs, orgId);
    }
  };
}
