import type { Warehouse } from '../../engine/warehouse.js';

/** Everything stored about a cohort's snapshots, in a stable order, for comparisons. */
export async function readSnapshotState(warehouse: Warehouse, orgId: string, cohortId: string) {
  const table = (name: string) => warehouse.dialect.table(orgId, name);
  const select = (sql: string) => warehouse.query(orgId, { sql, params: [cohortId] });
  const members = await select(
    `SELECT member_id FROM ${table('cohort_members')} WHERE cohort_id = $1 ORDER BY member_id`,
  );
  const changes = await select(
    `SELECT snapshot_at, change, member_id FROM ${table('cohort_changes')} WHERE cohort_id = $1 ORDER BY snapshot_at, change, member_id`,
  );
  const counts = await select(
    `SELECT day, members, entered, "left", snapshot_at FROM ${table('cohort_counts')} WHERE cohort_id = $1 ORDER BY day`,
  );
  return { members: members.map((row) => row.member_id as string), changes, counts };
}

/** Member ids that entered or left at one snapshot. */
export function changedAt(
  state: Awaited<ReturnType<typeof readSnapshotState>>,
  snapshotAt: number,
  change: 'entered' | 'left',
): string[] {
  const at = new Date(snapshotAt).toISOString();
  return state.changes
    .filter((row) => row.snapshot_at === at && row.change === change)
    .map((row) => row.member_id as string);
}
