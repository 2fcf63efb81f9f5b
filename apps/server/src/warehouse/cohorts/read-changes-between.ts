import type { BaseTable } from '@revlane/contracts';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { Warehouse } from '../engine/warehouse.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';
import { asTimestamp, cohortTableNames, statementWith } from './cohort-tables-sql.js';
import { hasCohortTables } from './ensure-cohort-tables.js';
import { CHANGE_KEY_COLUMNS } from './read-cohort-changes.js';

export interface ChangesBetween {
  total: number;
  /** Up to `limit` records with their key columns, by id. */
  records: Record<string, string | null>[];
}

/**
 * The records whose LAST change in (after, until] is `change` (ADR 0023): for `entered`, those
 * who came in during the window and are still in at its end (in and out again is nothing
 * new); for `left`, those who went and did not come back. Exact: a window is two snapshot
 * moments, so a retry reads the same answer.
 */
export async function readChangesBetween(
  warehouse: Warehouse,
  orgId: string,
  query: {
    cohortId: string;
    table: BaseTable;
    change: 'entered' | 'left';
    after: number;
    until: number;
    limit: number;
  },
): Promise<ChangesBetween> {
  if (!(await hasCohortTables(warehouse, orgId))) return { total: 0, records: [] };
  const { dialect } = warehouse;
  const { changes } = cohortTableNames(dialect, orgId);
  const segment = dialect.table(orgId, SEGMENT_TABLE_NAMES[query.table]);
  const keys = CHANGE_KEY_COLUMNS[query.table];
  const rows = await warehouse.query(
    orgId,
    statementWith(null, (p) => {
      const window =
        `cohort_id = ${p.add(query.cohortId)} ` +
        `AND snapshot_at > ${asTimestamp(p.add(timestampLiteral(query.after)))} ` +
        `AND snapshot_at <= ${asTimestamp(p.add(timestampLiteral(query.until)))}`;
      const last =
        `SELECT member_id, change, ROW_NUMBER() OVER (PARTITION BY member_id ` +
        `ORDER BY snapshot_at DESC) AS position FROM ${changes} WHERE ${window}`;
      const keyList = keys.map(
        (key) => `s.${quoteIdentifier(key)} AS ${quoteIdentifier(`key_${key}`)}`,
      );
      // The page (and the total) first, then only its rows joined to the segment table: a
      // join before the limit built every change against the whole table, once per alert.
      const page =
        `SELECT l.member_id, COUNT(*) OVER () AS total FROM (${last}) l ` +
        `WHERE l.position = 1 AND l.change = ${p.add(query.change)} ` +
        `ORDER BY ${dialect.binaryCollation('l.member_id')} LIMIT ${p.add(query.limit)}`;
      return (
        `SELECT c.member_id, s."id" IS NOT NULL AS still_exists, ${keyList.join(', ')}, ` +
        `c.total FROM (${page}) c LEFT JOIN ${segment} s ON s."id" = c.member_id ` +
        `ORDER BY ${dialect.binaryCollation('c.member_id')}`
      );
    }),
  );
  const records = rows.map((row) => {
    const record: Record<string, string | null> = { id: row.member_id as string };
    if (row.still_exists) {
      for (const key of keys) record[key] = (row[`key_${key}`] as string | null) ?? null;
    }
    return record;
  });
  return { total: rows.length > 0 ? Number(rows[0]!.total) : 0, records };
}
