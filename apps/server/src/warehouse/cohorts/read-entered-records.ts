import type { BaseTable } from '@revlane/contracts';
import type { Warehouse, WarehouseRow } from '../engine/warehouse.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';
import { asTimestamp, cohortTableNames, statementWith } from './cohort-tables-sql.js';
import { hasCohortTables } from './ensure-cohort-tables.js';

/**
 * Whole segment rows of the records a play acts on (ADR 0024): those whose last change in
 * (after, until] is `entered` (as `readChangesBetween` counts them), or, with `after` null,
 * every current member (a play that includes existing members, or a preview). Rows are the
 * live segment table's, so templates can use any catalogue column; ordered by id.
 */
export async function readEnteredRecords(
  warehouse: Warehouse,
  orgId: string,
  query: { cohortId: string; table: BaseTable; after: number | null; until: number; limit: number },
): Promise<WarehouseRow[]> {
  if (!(await hasCohortTables(warehouse, orgId))) return [];
  const { dialect } = warehouse;
  const { changes, members } = cohortTableNames(dialect, orgId);
  const segment = dialect.table(orgId, SEGMENT_TABLE_NAMES[query.table]);
  return warehouse.query(
    orgId,
    statementWith(null, (p) => {
      const ids =
        query.after === null
          ? `SELECT member_id FROM ${members} WHERE cohort_id = ${p.add(query.cohortId)}`
          : `SELECT member_id FROM (SELECT member_id, change, ROW_NUMBER() OVER (PARTITION BY ` +
            `member_id ORDER BY snapshot_at DESC) AS position FROM ${changes} ` +
            `WHERE cohort_id = ${p.add(query.cohortId)} ` +
            `AND snapshot_at > ${asTimestamp(p.add(timestampLiteral(query.after)))} ` +
            `AND snapshot_at <= ${asTimestamp(p.add(timestampLiteral(query.until)))}) l ` +
            `WHERE l.position = 1 AND l.change = 'entered'`;
      return (
        `SELECT s.* FROM ${segment} s WHERE s."id" IN (${ids}) ` +
        `ORDER BY ${dialect.binaryCollation('s."id"')} LIMIT ${p.add(query.limit)}`
      );
    }),
  );
}
