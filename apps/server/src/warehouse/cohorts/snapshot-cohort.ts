import type { BaseTable } from '@revlane/contracts';
import { compileSegmentQuery } from '../compiler/compile-segment-query.js';
import type { Warehouse } from '../engine/warehouse.js';
import { readCatalogue } from '../loading/load-info.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { asTimestamp, cohortTableNames, statementWith } from './cohort-tables-sql.js';
import { ensureCohortTables } from './ensure-cohort-tables.js';
import { snapshotStatements, type SnapshotMoment } from './snapshot-statements.js';

export interface CohortDefinition {
  cohortId: string;
  table: BaseTable;
  filters: readonly unknown[];
  /** Who "me" on an owner's email means in its filters: the cohort's creator (ADR 0032). */
  viewerEmail?: string | null;
}

export interface SnapshotResult {
  /** Members after the snapshot (the stored ones when skipped). */
  members: number;
  entered: number;
  left: number;
  /** True when a snapshot at or after this moment already existed: nothing was written. */
  skipped: boolean;
}

/**
 * Snapshots a cohort's membership at `snapshotAt` (docs/architecture.md §6) in ONE warehouse transaction:
 * appends who entered and left since the previous snapshot, replaces the stored members and
 * writes the day's counts row. A failure leaves the previous snapshot whole; a retry of a
 * snapshot that committed (same or older moment) is skipped, so nothing is counted twice.
 */
export async function snapshotCohort(
  warehouse: Warehouse,
  orgId: string,
  cohort: CohortDefinition,
  snapshotAt: number,
): Promise<SnapshotResult> {
  await ensureCohortTables(warehouse, orgId);
  const tables = cohortTableNames(warehouse.dialect, orgId);
  const moment = { cohortId: cohort.cohortId, snapshotAt };
  if (await hasSnapshotSince(warehouse, orgId, moment)) {
    return {
      ...(await readSnapshotCounts(warehouse, orgId, moment)),
      entered: 0,
      left: 0,
      skipped: true,
    };
  }
  // The catalogue of the load being snapshotted: a cohort may filter on a custom attribute.
  const catalogue = await readCatalogue(warehouse, orgId);
  const current = compileSegmentQuery(
    // Relative dates count from the snapshot's own day (docs/product.md §5.1).
    {
      orgId,
      table: cohort.table,
      catalogue,
      filters: cohort.filters,
      columns: ['id'],
      asOf: snapshotAt,
      viewerEmail: cohort.viewerEmail ?? null,
    },
    warehouse.dialect,
  ).exportQuery;
  await warehouse.execute(orgId, snapshotStatements(tables, moment, current));
  return { ...(await readSnapshotCounts(warehouse, orgId, moment)), skipped: false };
}

async function hasSnapshotSince(warehouse: Warehouse, orgId: string, moment: SnapshotMoment) {
  const { counts } = cohortTableNames(warehouse.dialect, orgId);
  const rows = await warehouse.query(
    orgId,
    statementWith(
      null,
      (p) =>
        `SELECT 1 AS found FROM ${counts} WHERE cohort_id = ${p.add(moment.cohortId)} ` +
        `AND snapshot_at >= ${asTimestamp(p.add(timestampLiteral(moment.snapshotAt)))}`,
    ),
  );
  return rows.length > 0;
}

/** Stored members of the cohort, and who entered and left at exactly this snapshot. */
async function readSnapshotCounts(warehouse: Warehouse, orgId: string, moment: SnapshotMoment) {
  const { members, changes } = cohortTableNames(warehouse.dialect, orgId);
  const [row] = await warehouse.query(
    orgId,
    statementWith(null, (p) => {
      const cohort = p.add(moment.cohortId);
      const at = asTimestamp(p.add(timestampLiteral(moment.snapshotAt)));
      const changed = (change: string) =>
        `(SELECT COUNT(*) FROM ${changes} WHERE cohort_id = ${cohort} AND snapshot_at = ${at} AND change = '${change}')`;
      return (
        `SELECT (SELECT COUNT(*) FROM ${members} WHERE cohort_id = ${cohort}) AS members, ` +
        `${changed('entered')} AS entered, ${changed('left')} AS "left"`
      );
    }),
  );
  return { members: Number(row!.members), entered: Number(row!.entered), left: Number(row!.left) };
}
