import { randomUUID } from 'node:crypto';
import { asTimestamp, statementWith } from '../cohorts/cohort-tables-sql.js';
import { quoteIdentifier, schemaNameFor } from '../engine/identifiers.js';
import type { TableSchema } from '../engine/table-schema.js';
import { timestampLiteral } from '../engine/value-conversion.js';
import type { CompiledQuery, Warehouse } from '../engine/warehouse.js';
import { ACTIVATION_STATE_KEY, ACTIVATION_STATE_TABLE } from '../model/activation-state-table.js';

export type ActivationOutcomeStatus = 'succeeded' | 'failed';

/** What the destination answered for one record of a change set (ADR 0033). */
export interface ActivationOutcome {
  key: string;
  status: ActivationOutcomeStatus;
  /** The change was a removal (clear or delete of a record that left the cohort). */
  removed: boolean;
  /** The change row's hash: what `values` hash to (null for a removal). */
  hash: string | null;
  /** The values sent, field → exact text (`{}` for a removal). */
  values: Record<string, string | null>;
  destinationId: string | null;
}

/** The state table, qualified for the organization's database or schema. */
export const activationStateTable = (warehouse: Warehouse, orgId: string) =>
  warehouse.dialect.table(orgId, ACTIVATION_STATE_TABLE.name);

const noParams = (sql: string): CompiledQuery => ({ sql, params: [] });

/**
 * Creates the state table when the organization has none. `CREATE … IF NOT EXISTS` rather
 * than `createTable` (which drops first): two runs creating it at once must not wipe what
 * either recorded, since the state is history that loads never rebuild (ADR 0033).
 */
export async function ensureActivationStateTable(
  warehouse: Warehouse,
  orgId: string,
): Promise<void> {
  if (await warehouse.hasTable(orgId, ACTIVATION_STATE_TABLE.name)) return;
  const { dialect } = warehouse;
  const columns = ACTIVATION_STATE_TABLE.columns.map(
    (column) => `${quoteIdentifier(column.name)} ${dialect.columnType(column.type)}`,
  );
  const statements: CompiledQuery[] = [];
  if (dialect.name === 'postgres') {
    // Every run joins and upserts by the key: PostgreSQL needs the index (DuckDB hash-joins).
    columns.push(
      `CONSTRAINT ${quoteIdentifier(`${ACTIVATION_STATE_TABLE.name}_pkey`)} ` +
        `PRIMARY KEY (${ACTIVATION_STATE_KEY.map(quoteIdentifier).join(', ')})`,
    );
    statements.push(
      noParams(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schemaNameFor(orgId))}`),
    );
  }
  statements.push(
    noParams(
      `CREATE TABLE IF NOT EXISTS ${activationStateTable(warehouse, orgId)} ` +
        `(${columns.join(', ')})`,
    ),
  );
  await warehouse.execute(orgId, statements);
}

/** A run's answers, loaded in bulk before one transaction applies them. */
const outcomesSchema = (name: string) =>
  ({
    name,
    columns: [
      { name: 'record_key', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'removed', type: 'boolean' },
      { name: 'values_hash', type: 'text' },
      { name: 'sent_values', type: 'text' },
      { name: 'destination_id', type: 'text' },
    ],
  }) as const satisfies TableSchema;

/**
 * Writes what the destination answered into the activation's state, in one transaction, so
 * the next change set starts from it (ADR 0033). Idempotent: applying the same outcomes
 * twice leaves the same state.
 * - a succeeded removal deletes the key;
 * - a succeeded add or change stores its hash, values and destination id as 'succeeded';
 * - a failure marks the key 'failed' and keeps what was last sent, so it comes back as
 *   'changed'; a key never sent is kept with no hash, so it comes back as 'added'.
 * A key answered twice keeps its last outcome. The outcomes go through the engine's bulk
 * path into a scratch table (100,000 rows in one COPY or appender, not 100,000 statements).
 */
export async function recordActivationOutcomes(
  warehouse: Warehouse,
  orgId: string,
  activationId: string,
  outcomes: readonly ActivationOutcome[],
): Promise<void> {
  const latest = new Map(outcomes.map((outcome) => [outcome.key, outcome]));
  if (latest.size === 0) return;
  await ensureActivationStateTable(warehouse, orgId);
  const scratch = outcomesSchema(`activation_outcomes_${randomUUID().replace(/-/g, '')}`);
  const scratchTable = warehouse.dialect.table(orgId, scratch.name);
  const drop = noParams(`DROP TABLE IF EXISTS ${scratchTable}`);
  const rows = [...latest.values()];
  try {
    await warehouse.createTable(orgId, scratch);
    await warehouse.bulkLoad(orgId, scratch, [
      {
        rowCount: rows.length,
        columns: [
          rows.map((row) => row.key),
          rows.map((row) => row.status),
          rows.map((row) => row.removed),
          rows.map((row) => (row.removed ? null : row.hash)),
          rows.map((row) => (row.removed ? null : JSON.stringify(row.values))),
          rows.map((row) => row.destinationId),
        ],
      },
    ]);
    // The scratch table goes in the same transaction as the state is written.
    await warehouse.execute(orgId, [
      ...applyStatements(activationStateTable(warehouse, orgId), scratchTable, activationId),
      drop,
    ]);
  } catch (error) {
    // Best effort: the caller is owed the first error, not the clean-up's.
    await warehouse.execute(orgId, [drop]).catch(() => undefined);
    throw error;
  }
}

function applyStatements(state: string, outcomes: string, activationId: string): CompiledQuery[] {
  const now = timestampLiteral(Date.now());
  const columns =
    '(activation_id, record_key, values_hash, sent_values, destination_id, status, updated_at)';
  return [
    statementWith(
      null,
      (p) =>
        `DELETE FROM ${state} WHERE activation_id = ${p.add(activationId)} AND record_key IN ` +
        `(SELECT record_key FROM ${outcomes} WHERE status = 'succeeded')`,
    ),
    statementWith(
      null,
      (p) =>
        `INSERT INTO ${state} ${columns} SELECT ${p.add(activationId)}, record_key, ` +
        `values_hash, sent_values, destination_id, 'succeeded', ${asTimestamp(p.add(now))} ` +
        `FROM ${outcomes} WHERE status = 'succeeded' AND NOT removed`,
    ),
    // A failure keeps what the destination was last sent; a destination id it learnt counts.
    statementWith(
      null,
      (p) =>
        `UPDATE ${state} AS t SET status = 'failed', updated_at = ${asTimestamp(p.add(now))}, ` +
        `destination_id = COALESCE(t.destination_id, o.destination_id) FROM ${outcomes} o ` +
        `WHERE t.activation_id = ${p.add(activationId)} AND t.record_key = o.record_key ` +
        `AND o.status = 'failed'`,
    ),
    statementWith(null, (p) => {
      const id = p.add(activationId);
      return (
        `INSERT INTO ${state} ${columns} SELECT ${id}, o.record_key, NULL, NULL, ` +
        `o.destination_id, 'failed', ${asTimestamp(p.add(now))} FROM ${outcomes} o ` +
        `WHERE o.status = 'failed' AND NOT EXISTS (SELECT 1 FROM ${state} t ` +
        `WHERE t.activation_id = ${id} AND t.record_key = o.record_key)`
      );
    }),
  ];
}

/** Forgets everything an activation sent (it was deleted, or its mapping reset). */
export async function dropActivationState(
  warehouse: Warehouse,
  orgId: string,
  activationId: string,
): Promise<void> {
  if (!(await warehouse.hasTable(orgId, ACTIVATION_STATE_TABLE.name))) return;
  await warehouse.execute(orgId, [
    statementWith(
      null,
      (p) =>
        `DELETE FROM ${activationStateTable(warehouse, orgId)} ` +
        `WHERE activation_id = ${p.add(activationId)}`,
    ),
  ]);
}

/** How many keys an activation's state holds (with `status`: only those). */
export async function readActivationStateCount(
  warehouse: Warehouse,
  orgId: string,
  activationId: string,
  status?: ActivationOutcomeStatus,
): Promise<number> {
  if (!(await warehouse.hasTable(orgId, ACTIVATION_STATE_TABLE.name))) return 0;
  const [row] = await warehouse.query(
    orgId,
    statementWith(
      null,
      (p) =>
        `SELECT COUNT(*) AS n FROM ${activationStateTable(warehouse, orgId)} ` +
        `WHERE activation_id = ${p.add(activationId)}` +
        (status ? ` AND status = ${p.add(status)}` : ''),
    ),
  );
  return Number(row?.n ?? 0);
}
