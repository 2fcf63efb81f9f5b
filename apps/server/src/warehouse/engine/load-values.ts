import type { LogicalType } from './table-schema.js';
import { timestampLiteral } from './value-conversion.js';

/**
 * DECIMAL values travel as two-decimal text to both engines, so each parses the same
 * digits instead of rounding a float its own way (1.005 rounds differently otherwise).
 */
export function decimalLiteral(value: number): string {
  return value.toFixed(2);
}

/** The text form of a value in a PostgreSQL COPY (text format) or a CAST literal. */
export function textLiteral(type: LogicalType, value: unknown): string {
  switch (type) {
    case 'decimal':
      return decimalLiteral(value as number);
    case 'timestamp':
      return timestampLiteral(value as number);
    case 'boolean':
      return value ? 't' : 'f';
    case 'integer_list':
    case 'bigint_list':
    case 'text_list':
      return arrayLiteral(value as readonly (string | number | null)[]);
    default:
      return String(value);
  }
}

/**
 * A list as a PostgreSQL array literal, `{smb,"mid, market",NULL}`: what PostgreSQL's COPY
 * reads and prints, and the load format's list field on both engines (DuckDB reads it as
 * its list cast does, between brackets; see duckdb-csv-import).
 */
export function arrayLiteral(values: readonly (string | number | bigint | null)[]): string {
  const items = values.map((item) =>
    item === null || item === undefined
      ? 'NULL'
      : `"${String(item).replace(/["\\]/g, (char) => `\\${char}`)}"`,
  );
  return `{${items.join(',')}}`;
}
