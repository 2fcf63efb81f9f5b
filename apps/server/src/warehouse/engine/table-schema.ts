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
  /**
   * An exact decimal of a source (precision ≤ 38): its text on the way in, a number when
   * that number is exactly the value, else its text, on the way out (see value-conversion).
   */
  | DecimalType
  | 'boolean'
  /** `YYYY-MM-DD` text both ways (a calendar day, no time zone) */
  | 'date'
  /** epoch milliseconds (UTC) on the way in, an ISO string on the way out */
  | 'timestamp'
  /** JSON text on the way in, the parsed value on the way out */
  | 'json'
  /** number[] */
  | 'integer_list'
  /** string[] (a source's array or set column) */
  | 'text_list'
  /** (number | string)[]: 64-bit integers, as `bigint` converts them */
  | 'bigint_list';

/** `decimal(p,s)`: DECIMAL(p,s) in DuckDB, NUMERIC(p,s) in PostgreSQL. */
export type DecimalType = `decimal(${number},${number})`;

/** The widest decimal both engines hold exactly (DuckDB's limit). */
export const MAX_DECIMAL_PRECISION = 38;

/** `decimal(p,s)` for a precision ≤ 38 and 0 ≤ scale ≤ precision. */
export function decimalType(precision: number, scale: number): DecimalType {
  if (
    !Number.isInteger(precision) ||
    !Number.isInteger(scale) ||
    precision < 1 ||
    precision > MAX_DECIMAL_PRECISION ||
    scale < 0 ||
    scale > precision
  )
    throw new RangeError(`No exact decimal type of precision ${precision} and scale ${scale}`);
  return `decimal(${precision},${scale})`;
}

/** The precision and scale of a `decimal(p,s)` type, or null for any other type. */
export function decimalParts(type: LogicalType): { precision: number; scale: number } | null {
  const match = /^decimal\((\d+),(\d+)\)$/.exec(type);
  return match ? { precision: Number(match[1]), scale: Number(match[2]) } : null;
}

/** Whether values of the type are lists (arrays) of scalars. */
export const isListType = (type: LogicalType) =>
  type === 'integer_list' || type === 'text_list' || type === 'bigint_list';

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
