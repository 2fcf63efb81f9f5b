import { quoteIdentifier } from './identifiers.js';
import {
  decimalParts,
  type DecimalType,
  type LogicalType,
  type TableSchema,
} from './table-schema.js';

export type DialectName = 'duckdb' | 'postgres';

/**
 * What the SQL of the two engines does NOT share. Everything else (operators, functions,
 * `$n` placeholders, `COUNT(*) FILTER`, `ARRAY[…]`, `NULLS LAST`) is written once.
 */
export interface Dialect {
  readonly name: DialectName;
  /** The organization's table, quoted and qualified (DuckDB: its own file; PostgreSQL: its schema). */
  table(orgId: string, name: string): string;
  /**
   * A text expression ordered byte-wise. PostgreSQL sorts by its locale unless told, DuckDB
   * byte-wise: making it explicit is what lets both return rows in the same order.
   */
  binaryCollation(expression: string): string;
  /** SQL type of a logical column type. */
  columnType(type: LogicalType): string;
  /** A TIMESTAMP as `2024-05-01T12:00:00.000Z` text (exports). */
  isoTimestamp(expression: string): string;
  /** The text at a path (its keys' placeholders, in order) inside a JSON value; NULL if none. */
  jsonText(expression: string, keys: readonly string[]): string;
}

/** Types that are spelled alike on both engines. */
const COMMON_COLUMN_TYPES: Record<Exclude<LogicalType, 'json' | DecimalType>, string> = {
  text: 'TEXT',
  integer: 'INTEGER',
  bigint: 'BIGINT',
  double: 'DOUBLE PRECISION',
  decimal: 'DECIMAL(12,2)',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'TIMESTAMP',
  integer_list: 'INTEGER[]',
  text_list: 'TEXT[]',
  bigint_list: 'BIGINT[]',
};

/** The SQL type of a logical type on both engines; `json` is each engine's own. */
export function commonColumnType(type: Exclude<LogicalType, 'json'>): string {
  const decimal = decimalParts(type);
  if (decimal) return `DECIMAL(${decimal.precision},${decimal.scale})`;
  return COMMON_COLUMN_TYPES[type as Exclude<LogicalType, 'json' | DecimalType>];
}

/** Drops and re-creates a table, empty, with the schema's columns. */
export function createTableStatements(
  dialect: Dialect,
  orgId: string,
  schema: TableSchema,
): string[] {
  const table = dialect.table(orgId, schema.name);
  const columns = schema.columns
    .map((column) => `${quoteIdentifier(column.name)} ${dialect.columnType(column.type)}`)
    .join(', ');
  return [`DROP TABLE IF EXISTS ${table}`, `CREATE TABLE ${table} (${columns})`];
}
