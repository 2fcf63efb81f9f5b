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
      return `{${(value as number[]).join(',')}}`;
    default:
      return String(value);
  }
}
