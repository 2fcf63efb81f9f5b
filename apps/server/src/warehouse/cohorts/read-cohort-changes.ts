import type { BaseTable } from '@revlane/contracts';
import { quoteIdentifier } from '../engine/identifiers.js';
import type { SqlParams } from '../engine/sql-params.js';
import type { Warehouse, WarehouseRow } from '../engine/warehouse.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';
import { asTimestamp, cohortTableNames, statementWith } from './cohort-tables-sql.js';
import { hasCohortTables } from './ensure-cohort-tables.js';

/** Columns that identify a record in a diff: enough to recognise it, not the whole row. */
export const CHANGE_KEY_COLUMNS: Record<BaseTable, readonly string[]> = {
  accounts: ['id', 'name', 'domain'],
  users: ['id', 'name', 'email'],
};

export interface CohortChangeRow {
  changedAt: string;
  /** Key columns; only `id` when the record no longer exists. */
  record: Record<string, string | null>;
}

export interface CohortChangeList {
  total: number;
  rows: CohortChangeRow[];
}

export interface CohortChangesResult {
  entered: CohortChangeList;
  left: CohortChangeList;
}

const CHANGES = ['entered', 'left'] as const;

/** Paging of the lists: skip `offset` records; with `only`, the other list counts, no rows. */
export interface ChangePaging {
  offset?: number;
  only?: (typeof CHANGES)[number];
}

/**
 * Who entered and who left a cohort at snapshots since `since` (docs/architecture.md §6, membership diff):
 * totals, and up to `limit` records of each kind after `offset`, newest first, with their key
 * columns as the segment table has them now.
 */
export async function readCohortChanges(
  warehouse: Warehouse,
  orgId: string,
  cohortId: string,
  table: BaseTable,
  since: number,
  limit: number,
  { offset = 0, only }: ChangePaging = {},
): Promise<CohortChangesResult> {
  if (!(await hasCohortTables(warehouse, orgId))) {
    return { entered: { total: 0, rows: [] }, left: { total: 0, rows: [] } };
  }
  const [entered, left] = await Promise.all(
    CHANGES.map((change) =>
      readChangeList(warehouse, orgId, {
        cohortId,
        table,
        since,
        limit: only && only !== change ? 0 : limit,
        offset,
        change,
      }),
    ),
  );
  return { entered: entered!, left: left! };
}

interface ChangeQuery {
  cohortId: string;
  table: BaseTable;
  since: number;
  limit: number;
  offset: number;
  change: (typeof CHANGES)[number];
}

async function readChangeList(warehouse: Warehouse, orgId: string, query: ChangeQuery) {
  const { dialect } = warehouse;
  const { changes } = cohortTableNames(dialect, orgId);
  const segment = dialect.table(orgId, SEGMENT_TABLE_NAMES[query.table]);
  const keys = CHANGE_KEY_COLUMNS[query.table];
  const matching = (p: SqlParams) =>
    `c.cohort_id = ${p.add(query.cohortId)} AND c.change = ${p.add(query.change)} ` +
    `AND c.snapshot_at >= ${asTimestamp(p.add(timestampLiteral(query.since)))}`;
  const [rows, [count]] = await Promise.all([
    query.limit === 0
      ? Promise.resolve([])
      : warehouse.query(
          orgId,
          statementWith(
            null,
            (p) =>
              `SELECT c.snapshot_at AS changed_at, c.member_id, s."id" IS NOT NULL AS still_exists, ` +
              `${keys.map((key) => `s.${quoteIdentifier(key)} AS ${quoteIdentifier(`key_${key}`)}`).join(', ')} ` +
              `FROM ${changes} c LEFT JOIN ${segment} s ON s."id" = c.member_id WHERE ${matching(p)} ` +
              `ORDER BY c.snapshot_at DESC, ${dialect.binaryCollation('c.member_id')} ` +
              `LIMIT ${p.add(query.limit)} OFFSET ${p.add(query.offset)}`,
          ),
        ),
    warehouse.query(
      orgId,
      statementWith(null, (p) => `SELECT COUNT(*) AS total FROM ${changes} c WHERE ${matching(p)}`),
    ),
  ]);
  return { total: Number(count!.total), rows: rows.map((row) => toChangeRow(row, keys)) };
}

function toChangeRow(row: WarehouseRow, keys: readonly string[]): CohortChangeRow {
  const record: Record<string, string | null> = { id: row.member_id as string };
  if (row.still_exists) {
    for (const key of keys) record[key] = (row[`key_${key}`] as string | null) ?? null;
  }
  return { changedAt: row.changed_at as string, record };
}
