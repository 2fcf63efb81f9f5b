/** Cohort membership snapshots and the membership diff (docs/architecture.md §6, issue 5). */
export { snapshotCohort, type CohortDefinition, type SnapshotResult } from './snapshot-cohort.js';
export {
  readCohortChanges,
  CHANGE_KEY_COLUMNS,
  type CohortChangesResult,
  type CohortChangeList,
  type CohortChangeRow,
} from './read-cohort-changes.js';
export { ensureCohortTables, hasCohortTables } from './ensure-cohort-tables.js';
export { readSnapshottedCohortIds } from './snapshotted-cohorts.js';
export { readChangesBetween, type ChangesBetween } from './read-changes-between.js';
export { backfillCohort, type BackfillSeries, type CohortToBackfill } from './backfill-cohort.js';
export { readEnteredRecords } from './read-entered-records.js';
