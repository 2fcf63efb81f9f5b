import type { BaseTable } from '@revlane/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { cohorts, segments } from '../../../platform/database/schema/index.js';
import {
  COHORT_CHANGES_TABLE,
  COHORT_COUNTS_TABLE,
  COHORT_MEMBERS_TABLE,
  hasCohortTables,
  SqlParams,
  type Warehouse,
} from '../../../warehouse/index.js';

export interface CohortOfTable {
  id: string;
  name: string;
  segmentId: string;
}

/** The organization's cohorts over segments of the base table: those its records can be in. */
export function listCohortsOfTable(
  db: Database,
  orgId: string,
  table: BaseTable,
): Promise<CohortOfTable[]> {
  return db
    .select({ id: cohorts.id, name: cohorts.name, segmentId: cohorts.segmentId })
    .from(cohorts)
    .innerJoin(segments, eq(segments.id, cohorts.segmentId))
    .where(and(eq(cohorts.orgId, orgId), eq(segments.orgId, orgId), eq(segments.baseTable, table)))
    .orderBy(cohorts.name, cohorts.id);
}

/** One entry or exit of the record at a snapshot (`cohort_changes`, ADR 0007). */
export interface RecordChange {
  cohortId: string;
  at: number;
  change: 'entered' | 'left';
}

/** What the snapshots say about one record: its cohorts now, its changes, first snapshots. */
export interface RecordSnapshots {
  /** Cohorts whose latest snapshot counts the record. */
  memberOf: Set<string>;
  changes: RecordChange[];
  /** Each cohort's first snapshot day's moment (`cohort_counts`): a baseline member's entry. */
  firstSnapshotAt: Map<string, number>;
}

const NONE: RecordSnapshots = { memberOf: new Set(), changes: [], firstSnapshotAt: new Map() };

/**
 * The snapshot tables' rows about one record of the given cohorts, read from the
 * organization's warehouse where they live (ADR 0007, ADR 0013): nothing before the first
 * snapshot. Member ids are the records' ids, so the cohorts say which base table they are.
 */
export async function readRecordSnapshots(
  engine: Warehouse,
  orgId: string,
  cohortIds: readonly string[],
  memberId: string,
): Promise<RecordSnapshots> {
  if (cohortIds.length === 0 || !(await hasCohortTables(engine, orgId))) return NONE;
  const table = (name: string) => engine.dialect.table(orgId, name);
  const query = (build: (p: SqlParams) => string) => {
    const p = new SqlParams();
    const sql = build(p);
    return engine.query(orgId, { sql, params: p.list() });
  };
  const inCohorts = (p: SqlParams) =>
    `cohort_id IN (${cohortIds.map((id) => p.add(id)).join(', ')})`;
  const [members, changes, firsts] = await Promise.all([
    query(
      (p) =>
        `SELECT cohort_id FROM ${table(COHORT_MEMBERS_TABLE.name)} ` +
        `WHERE member_id = ${p.add(memberId)} AND ${inCohorts(p)}`,
    ),
    query(
      (p) =>
        `SELECT cohort_id, snapshot_at, change FROM ${table(COHORT_CHANGES_TABLE.name)} ` +
        `WHERE member_id = ${p.add(memberId)} AND ${inCohorts(p)}`,
    ),
    query(
      (p) =>
        `SELECT cohort_id, MIN(snapshot_at) AS first_at FROM ${table(COHORT_COUNTS_TABLE.name)} ` +
        `WHERE ${inCohorts(p)} GROUP BY cohort_id`,
    ),
  ]);
  return {
    memberOf: new Set(members.map((row) => row.cohort_id as string)),
    changes: changes.map((row) => ({
      cohortId: row.cohort_id as string,
      at: Date.parse(row.snapshot_at as string),
      change: row.change as RecordChange['change'],
    })),
    firstSnapshotAt: new Map(
      firsts.map((row) => [row.cohort_id as string, Date.parse(row.first_at as string)]),
    ),
  };
}
