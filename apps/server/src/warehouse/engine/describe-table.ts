import { schemaNameFor } from './identifiers.js';
import type { LogicalType, TableColumn } from './table-schema.js';
import type { Warehouse } from './warehouse.js';

/** SQL type names as information_schema spells them on either engine. */
export const LOGICAL_TYPES: Record<string, LogicalType> = {
  varchar: 'text',
  text: 'text',
  bigint: 'bigint',
  integer: 'integer',
  double: 'double',
  'double precision': 'double',
  boolean: 'boolean',
  timestamp: 'timestamp',
  'timestamp without time zone': 'timestamp',
  'decimal(12,2)': 'decimal',
  numeric: 'decimal',
  json: 'json',
  jsonb: 'json',
};

/**
 * The columns of one of the organization's tables as the warehouse holds them (names and
 * logical types, in table order), or null when there is no such table. This is the
 * "discovered schema" mappings check names against (docs/architecture.md §10): identifiers
 * reach SQL from here, never from a request.
 */
export async function describeTable(
  warehouse: Warehouse,
  orgId: string,
  name: string,
): Promise<TableColumn[] | null> {
  if (!(await warehouse.hasTable(orgId, name))) return null;
  const schema = warehouse.dialect.name === 'postgres' ? schemaNameFor(orgId) : 'main';
  const rows = await warehouse.query(orgId, {
    sql: `SELECT column_name, data_type FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
    params: [schema, name],
  });
  return rows.flatMap((row) => {
    const type = LOGICAL_TYPES[(row.data_type as string).toLowerCase()];
    return type ? [{ name: row.column_name as string, type }] : [];
  });
}
