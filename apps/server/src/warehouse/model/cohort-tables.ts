import type { TableSchema } from '../engine/table-schema.js';

/**
 * Cohort membership snapshots (issue 5, docs/architecture.md §6), kept in the organization's warehouse
 * next to the records they list, so one warehouse transaction replaces a cohort's members,
 * appends who entered and left, and records the day's count: a crash mid-run leaves the
 * previous snapshot whole. These tables are not rebuilt by loads (they are history).
 */

/** Members of each cohort's latest snapshot. */
export const COHORT_MEMBERS_TABLE = {
  name: 'cohort_members',
  columns: [
    { name: 'cohort_id', type: 'text' },
    { name: 'member_id', type: 'text' },
  ],
} as const satisfies TableSchema;

/**
 * Who entered (`change` = 'entered') or left ('left') a cohort at each snapshot, against the
 * snapshot before it. A cohort's first snapshot is its baseline and records no changes.
 */
export const COHORT_CHANGES_TABLE = {
  name: 'cohort_changes',
  columns: [
    { name: 'cohort_id', type: 'text' },
    { name: 'snapshot_at', type: 'timestamp' },
    { name: 'member_id', type: 'text' },
    { name: 'change', type: 'text' },
  ],
} as const satisfies TableSchema;

/**
 * One row per cohort and UTC day (`day` = that day's midnight): the members of the day's
 * latest snapshot, and how many entered and left during the day (all its snapshots).
 */
export const COHORT_COUNTS_TABLE = {
  name: 'cohort_counts',
  columns: [
    { name: 'cohort_id', type: 'text' },
    { name: 'day', type: 'timestamp' },
    { name: 'members', type: 'integer' },
    { name: 'entered', type: 'integer' },
    { name: 'left', type: 'integer' },
    { name: 'snapshot_at', type: 'timestamp' },
  ],
} as const satisfies TableSchema;

export const COHORT_TABLES = [
  COHORT_MEMBERS_TABLE,
  COHORT_CHANGES_TABLE,
  COHORT_COUNTS_TABLE,
] as const;
