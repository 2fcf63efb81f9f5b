/**
 * Engine-neutral column types of warehouse tables. Each engine maps them to its own SQL
 * type names (see the dialects); loaders hand values over in the JS shape listed here.
 */
export type LogicalType =
  /** string */
  | 'text'
  /** number (integral) */
  | 'integer'
  /** number (integral, 64-bit: source tables' ids and counts) */
  | 'bigint'
  /** number (floating point: source tables' non-money decimals) */
  | 'double'
  /** number with two decimals (money); stored as DECIMAL(12,2) so sums are exact */
  | 'decimal'
  | 'boolean'
  /** epoch milliseconds (UTC) on the way in, an ISO string on the way out */
  | 'timestamp'
  /** JSON text on the way in, the parsed value on the way out */
  | 'json'
  /** number[] */
  | 'integer_list';

export interface TableColumn {
  name: string;
  type: LogicalType;
}

export interface TableSchema {
  /** The table's final name; loads build `<name>__next` and swap it in. */
  name: string;
  columns: readonly TableColumn[];
  /** Unique key column; the PostgreSQL engine indexes it, DuckDB needs no index. */
  primaryKey?: string;
}

/**
 * A batch of rows for bulk loading, column-major in the order of the schema's columns
 * (what appenders and COPY encoders read fastest). Every column holds `rowCount` values.
 */
export interface ColumnBatch {
  rowCount: number;
  columns: unknown[][];
}

export type BatchSource = AsyncIterable<ColumnBatch> | Iterable<ColumnBatch>;

/** `<name>__next`: where a load builds a table before swapping it in. */
export const nextTableName = (name: string) => `${name}__next`;
