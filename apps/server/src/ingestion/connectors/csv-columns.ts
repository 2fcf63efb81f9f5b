import type { LogicalType, SniffedCsv } from '../../warehouse/index.js';
import type { ExtractedColumn } from '../../integrations/index.js';

const LOGICAL_TYPES: Record<string, LogicalType> = {
  TINYINT: 'bigint',
  SMALLINT: 'bigint',
  INTEGER: 'bigint',
  BIGINT: 'bigint',
  HUGEINT: 'double',
  FLOAT: 'double',
  DOUBLE: 'double',
  BOOLEAN: 'boolean',
  DATE: 'timestamp',
  TIMESTAMP: 'timestamp',
  'TIMESTAMP WITH TIME ZONE': 'timestamp',
};
const logicalTypeOf = (duckdbType: string): LogicalType =>
  LOGICAL_TYPES[duckdbType] ?? (duckdbType.startsWith('DECIMAL') ? 'double' : 'text');

/** A sniffed CSV's columns as a sync lands them: the sniffed type onto a warehouse type. */
export function csvColumnsOf(sniffed: SniffedCsv): ExtractedColumn[] {
  return sniffed.columns.map((column) => ({
    name: column.name,
    sourceType: column.type,
    type: logicalTypeOf(column.type),
  }));
}
