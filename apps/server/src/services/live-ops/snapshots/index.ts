/** Cohort membership snapshots (docs/architecture.md §6): what other modules and start-up use. */
export { requestCohortSnapshots, requestCohortBackfill } from './request-snapshots.js';
