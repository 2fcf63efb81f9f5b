import { createHash } from 'node:crypto';
import type { BaseTable } from '@revlane/contracts';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import { cohortTableNames, statementWith } from '../cohorts/cohort-tables-sql.js';
import { hasCohortTables } from '../cohorts/ensure-cohort-tables.js';
import { textExpression } from '../compiler/csv-columns.js';
import { ID_EXPRESSION } from '../compiler/query-source.js';
import type { Dialect } from '../engine/dialect.js';
import type { SqlParams } from '../engine/sql-params.js';
import type { Warehouse, WarehouseRow } from '../engine/warehouse.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';
import { activationStateTable, ensureActivationStateTable } from './activation-state.js';

/** A destination field and the cohort column whose value it gets. */
export interface ActivationFieldColumn {
  field: string;
  column: CatalogueColumn;
}

export interface ActivationChangeSetQuery {
  activationId: string;
  cohortId: string;
  table: BaseTable;
  /** The match column: its text identifies a record at the destination. */
  key: CatalogueColumn;
  /** Mapped fields, in order. */
  fields: readonly ActivationFieldColumn[];
  /** Mirror mode: keys sent earlier that are no longer members come back as 'removed'. */
  includeLeft: boolean;
  /** "Retry failed": only keys whose last attempt failed. */
  onlyFailed: boolean;
  /** At most this many rows (a dry run's samples); the counts still cover every change. */
  limit?: number;
}

export type ActivationChangeKind = 'added' | 'changed' | 'removed';

export interface ActivationChangeRow {
  key: string;
  change: ActivationChangeKind;
  /** md5 of the mapped values (what `recordActivationOutcomes` stores); null when removed. */
  hash: string | null;
  /** Field → exact text; `{}` when removed. */
  values: Record<string, string | null>;
  /** The values last sent (the state's); null when added. */
  before: Record<string, string | null> | null;
  destinationId: string | null;
  /** The key's last attempt failed. */
  failedBefore: boolean;
}

export interface ActivationChangeSet {
  /** Ordered by key, byte-wise; at most `limit`. */
  rows: ActivationChangeRow[];
  /** Each kind's count in the whole change set. */
  added: number;
  changed: number;
  removed: number;
  /** Members whose values the destination already holds (sent and succeeded, same hash). */
  unchanged: number;
  /** Members whose match column is NULL or empty: they cannot be matched, so are not sent. */
  skippedWithoutKey: number;
  /** Members sharing a key with another member: the smallest id is sent, these are not. */
  duplicateKeys: number;
}

const EMPTY: ActivationChangeSet = {
  rows: [],
  added: 0,
  changed: 0,
  removed: 0,
  unchanged: 0,
  skippedWithoutKey: 0,
  duplicateKeys: 0,
};

/** The value's column in the SQL: the field's position, never its (user-given) name. */
const valueAlias = (position: number) => `v${position}`;

/**
 * What the hash covers, one token after the other: the mapped field names (so a changed
 * mapping sends again), then each value. A token is its text's length in code points, `:`
 * and the text; NULL is `-`. Tokens cannot run into each other, so no two mappings or lists
 * of values give the same text (`a|` + `b` ≠ `a` + `|b`, NULL ≠ ''), at a fraction of the cost
 * of escaping separators (`replace` twice per value: the hash's main cost on DuckDB at 100k
 * rows). `length` counts code points on both engines, so DuckDB, PostgreSQL and
 * `activationValuesHash` hash alike.
 */
const token = (text: string | null) => (text === null ? '-' : `${[...text].length}:${text}`);
const fieldsToken = (fields: readonly string[]) => token(JSON.stringify(fields));

/** The hash of a record's values (field → text) as the warehouse computes it. */
export function activationValuesHash(
  fields: readonly string[],
  values: readonly (string | null)[],
): string {
  return createHash('md5')
    .update(fieldsToken(fields) + values.map(token).join(''))
    .digest('hex');
}

function hashExpression(fields: readonly string[], p: SqlParams): string {
  const values = fields.map((_, position) => {
    const value = valueAlias(position);
    return ` || COALESCE(CAST(length(${value}) AS TEXT) || ':' || ${value}, '-')`;
  });
  return `md5(CAST(${p.add(fieldsToken(fields))} AS TEXT)${values.join('')})`;
}

/**
 * The change set as CTEs: `keyed` (every member, its key and values as text, and its rank
 * among the members sharing its key) and `changes` (one row per current member, `change`
 * NULL when unchanged; in mirror mode also the state's other keys: 'removed', or 'gone' for
 * one never accepted, which the destination does not hold).
 */
function changesSql(
  dialect: Dialect,
  orgId: string,
  query: ActivationChangeSetQuery,
  state: string,
  p: SqlParams,
): string {
  const { members } = cohortTableNames(dialect, orgId);
  const segment = dialect.table(orgId, SEGMENT_TABLE_NAMES[query.table]);
  const key = textExpression(dialect, query.key);
  const values = query.fields.map((_, position) => valueAlias(position));
  const fieldNames = query.fields.map(({ field }) => field);
  const texts = query.fields.map(
    ({ column }, position) => `, ${textExpression(dialect, column)} AS ${valueAlias(position)}`,
  );
  // One join answers every kind: the state's keys that are no longer members come with the
  // FULL join (an anti-join beside it cost as much again on DuckDB).
  const join = query.includeLeft ? 'FULL JOIN' : 'LEFT JOIN';
  // Byte-wise: the smallest id wins a shared key on both engines (and sorts fast on PostgreSQL).
  const rank =
    `PARTITION BY ${dialect.binaryCollation(key)} ` +
    `ORDER BY ${dialect.binaryCollation(ID_EXPRESSION)}`;
  return (
    `WITH keyed AS (SELECT ${key} AS k${texts.join('')}, ` +
    `ROW_NUMBER() OVER (${rank}) AS position FROM ${segment} s WHERE ${ID_EXPRESSION} IN ` +
    `(SELECT member_id FROM ${members} WHERE cohort_id = ${p.add(query.cohortId)})), ` +
    `current_members AS (SELECT k${values.map((value) => `, ${value}`).join('')}, ` +
    `${hashExpression(fieldNames, p)} AS h FROM keyed ` +
    `WHERE position = 1 AND k IS NOT NULL AND k <> ''), ` +
    `st AS (SELECT record_key, values_hash, sent_values, destination_id, status FROM ${state} ` +
    `WHERE activation_id = ${p.add(query.activationId)}), ` +
    `changes AS (SELECT COALESCE(c.k, t.record_key) AS record_key, ` +
    `CASE WHEN c.k IS NULL THEN CASE WHEN t.values_hash IS NULL THEN 'gone' ELSE 'removed' END ` +
    // No hash: never sent, or never accepted (a failed first attempt): added again.
    `WHEN t.values_hash IS NULL THEN 'added' ` +
    `WHEN t.values_hash <> c.h OR t.status = 'failed' THEN 'changed' END AS change, ` +
    `c.h AS hash${values.map((value) => `, c.${value}`).join('')}, t.sent_values, ` +
    `t.destination_id, t.status FROM current_members c ${join} st t ON t.record_key = c.k) `
  );
}

const keyIsBlank = `k IS NULL OR k = ''`;

/**
 * What an activation must send so its destination holds the cohort's current values (ADR
 * 0033), computed in the warehouse: the cohort's members with their match key and mapped
 * values as exact text (the text CSV exports print), each hashed and compared with the
 * activation's state (`recordActivationOutcomes`) by a join.
 * - added: a key never sent (or never accepted);
 * - changed: a key whose values differ from those last sent, or whose last attempt failed;
 * - removed (`includeLeft`): a key sent earlier that is no longer a member;
 * - unchanged: counted only, so a run with nothing to do reads one row.
 */
export async function computeActivationChangeSet(
  warehouse: Warehouse,
  orgId: string,
  query: ActivationChangeSetQuery,
): Promise<ActivationChangeSet> {
  // A cohort is snapshotted before it can be activated; before any snapshot nothing exists.
  if (!(await hasCohortTables(warehouse, orgId))) return EMPTY;
  await ensureActivationStateTable(warehouse, orgId);
  const { dialect } = warehouse;
  const state = activationStateTable(warehouse, orgId);
  const wanted = query.onlyFailed ? ` AND status = 'failed'` : '';
  const [summary] = await warehouse.query(
    orgId,
    statementWith(
      null,
      (p) =>
        `${changesSql(dialect, orgId, query, state, p)}` +
        `SELECT * FROM (SELECT COUNT(*) FILTER (WHERE change = 'added'${wanted}) AS added, ` +
        `COUNT(*) FILTER (WHERE change = 'changed'${wanted}) AS changed, ` +
        `COUNT(*) FILTER (WHERE change = 'removed'${wanted}) AS removed, ` +
        `COUNT(*) FILTER (WHERE change IS NULL) AS unchanged FROM changes) c CROSS JOIN ` +
        `(SELECT COUNT(*) FILTER (WHERE ${keyIsBlank}) AS skipped, ` +
        `COUNT(*) FILTER (WHERE position > 1 AND NOT (${keyIsBlank})) AS duplicates ` +
        `FROM keyed) m`,
    ),
  );
  const counts = {
    added: Number(summary?.added ?? 0),
    changed: Number(summary?.changed ?? 0),
    removed: Number(summary?.removed ?? 0),
    unchanged: Number(summary?.unchanged ?? 0),
    skippedWithoutKey: Number(summary?.skipped ?? 0),
    duplicateKeys: Number(summary?.duplicates ?? 0),
  };
  const total = counts.added + counts.changed + counts.removed;
  if (total === 0 || query.limit === 0) return { rows: [], ...counts };
  const rows = await warehouse.query(
    orgId,
    statementWith(null, (p) => {
      const changes = changesSql(dialect, orgId, query, state, p);
      const limit = query.limit === undefined ? '' : ` LIMIT ${p.add(query.limit)}`;
      return (
        `${changes}SELECT * FROM changes ` +
        `WHERE change IN ('added', 'changed', 'removed')${wanted} ` +
        `ORDER BY ${dialect.binaryCollation('record_key')}${limit}`
      );
    }),
  );
  return { rows: rows.map((row) => changeRow(row, query.fields)), ...counts };
}

/** Every column the change set answers is TEXT: a string, or NULL. */
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function changeRow(row: WarehouseRow, fields: readonly ActivationFieldColumn[]) {
  const change = row.change as ActivationChangeKind;
  const sent = row.sent_values;
  return {
    key: row.record_key as string,
    change,
    hash: text(row.hash),
    values:
      change === 'removed'
        ? {}
        : Object.fromEntries(
            fields.map(({ field }, position) => [field, text(row[valueAlias(position)])]),
          ),
    before:
      change === 'added' || typeof sent !== 'string'
        ? null
        : (JSON.parse(sent) as Record<string, string | null>),
    destinationId: text(row.destination_id),
    failedBefore: row.status === 'failed',
  } satisfies ActivationChangeRow;
}
