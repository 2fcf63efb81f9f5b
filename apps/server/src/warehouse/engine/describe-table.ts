import { schemaNameFor } from './identifiers.js';
import { decimalType, type LogicalType, type TableColumn } from './table-schema.js';
import type { Warehouse } from './warehouse.js';

/** SQL type names as information_schema spells them on either engine. */
const LOGICAL_TYPES: Record<string, LogicalType> = {
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
  date: 'date',
  json: 'json',
  jsonb: 'json',
  'integer[]': 'integer_list',
  'varchar[]': 'text_list',
  'bigint[]': 'bigint_list',
  // PostgreSQL names arrays ARRAY and their element in udt_name.
  _int4: 'integer_list',
  _text: 'text_list',
  _int8: 'bigint_list',
};

export interface ColumnRow {
  column_name: string;
  data_type: string;
  udt_name: string | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
}

/** The logical type of a column as information_schema describes it, if it has one. */
function logicalTypeOf(row: ColumnRow): LogicalType | undefined {
  const dataType = row.data_type.toLowerCase();
  if (dataType === 'array') return LOGICAL_TYPES[row.udt_name ?? ''];
  if (dataType === 'numeric' || dataType.startsWith('decimal(')) {
    const precision = Number(row.numeric_precision);
    const scale = Number(row.numeric_scale);
    if (precision === 12 && scale === 2) return 'decimal';
    return precision > 0 ? decimalType(precision, scale) : undefined;
  }
  return LOGICAL_TYPES[dataType];
}

/** A table's columns in order, `$1` its schema and `$2` its name; rows are `ColumnRow`s. */
export const DESCRIBE_COLUMNS_SQL = `SELECT column_name, data_type, udt_name, numeric_precision,
    numeric_scale FROM information_schema.columns
  WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`;

/** information_schema's rows as the columns of logical types (others are left out). */
export function describedColumns(rows: readonly ColumnRow[]): TableColumn[] {
  return rows.flatMap((row) => {
    const type = logicalTypeOf(row);
    return type ? [{ name: row.column_name, type }] : [];
  });
}

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
    sql: DESCRIBE_COLUMNS_SQL,
    params: [schema, name],
  });
  return describedColumns(rows as unknown as ColumnRow[]);
}
