import { decimalType, type LogicalType, type SniffedCsv } from '../../warehouse/index.js';
import type { ExtractedColumn } from '../../integrations/index.js';

const LOGICAL_TYPES: Record<string, LogicalType> = {
  TINYINT: 'bigint',
  SMALLINT: 'bigint',
  INTEGER: 'bigint',
  BIGINT: 'bigint',
  // Integers past 64 bits, every digit kept.
  HUGEINT: decimalType(38, 0),
  FLOAT: 'double',
  DOUBLE: 'double',
  BOOLEAN: 'boolean',
  DATE: 'date',
  TIMESTAMP: 'timestamp',
  'TIMESTAMP WITH TIME ZONE': 'timestamp',
};

/** A sniffed `DECIMAL(p,s)` as the same exact decimal, else the type above or text. */
function logicalTypeOf(duckdbType: string): LogicalType {
  const decimal = /^DECIMAL\((\d+),(\d+)\)$/.exec(duckdbType);
  if (decimal) return decimalType(Number(decimal[1]), Number(decimal[2]));
  return LOGICAL_TYPES[duckdbType] ?? 'text';
}

/** The note of a date column: the one format every value of it was read in. */
function formatNote(type: string, sniffed: SniffedCsv): string | undefined {
  const format =
    type === 'DATE'
      ? sniffed.dateFormat
      : type.startsWith('TIMESTAMP')
        ? sniffed.timestampFormat
        : null;
  return format ? `every value read as ${format}` : undefined;
}

/** A sniffed CSV's columns as a sync lands them: the sniffed type onto a warehouse type. */
export function csvColumnsOf(sniffed: SniffedCsv): ExtractedColumn[] {
  return sniffed.columns.map((column) => {
    const note = formatNote(column.type, sniffed);
    return {
      name: column.name,
      sourceType: column.type,
      type: logicalTypeOf(column.type),
      ...(note ? { note } : {}),
    };
  });
}
