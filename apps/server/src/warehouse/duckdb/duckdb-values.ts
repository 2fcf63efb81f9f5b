import {
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBListType,
  DuckDBListValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  JSDuckDBValueConverter,
  type DuckDBValueConverter,
} from '@duckdb/node-api';
import type { WarehouseValue } from '../engine/warehouse.js';
import { decimalFromText, isoFromEpochMillis, toSafeInteger } from '../engine/value-conversion.js';

const INTEGER_64_AND_WIDER = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
]);

/** DuckDB values → the warehouse's common JS values (see engine/value-conversion.ts). */
export const convertDuckDBValue: DuckDBValueConverter<WarehouseValue> = (
  value,
  type,
  converter,
) => {
  if (value === null) return null;
  if (INTEGER_64_AND_WIDER.has(type.typeId)) return toSafeInteger(value as bigint);
  if (value instanceof DuckDBDecimalValue) return decimalFromText(value.toString());
  if (value instanceof DuckDBDateValue) return value.toString();
  if (value instanceof DuckDBTimestampValue) {
    // Microseconds → milliseconds, truncated as the PostgreSQL path truncates its text.
    return isoFromEpochMillis(Number(value.micros / 1000n));
  }
  if (value instanceof DuckDBListValue && type instanceof DuckDBListType) {
    return value.items.map((item) => converter(item, type.valueType, converter));
  }
  if (type.alias === 'JSON' && typeof value === 'string')
    return JSON.parse(value) as WarehouseValue;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return JSDuckDBValueConverter(value, type, JSDuckDBValueConverter) as WarehouseValue;
};

/**
 * JSON columns arrive as VARCHAR: the JSON alias is on the result's column types only, not
 * on the vectors the converter sees, so they are parsed per column afterwards.
 */
export function jsonColumnParser(
  names: readonly string[],
  types: readonly { alias?: string | undefined }[],
): (rows: Record<string, WarehouseValue>[]) => Record<string, WarehouseValue>[] {
  const jsonColumns = names.filter((_, index) => types[index]?.alias === 'JSON');
  if (jsonColumns.length === 0) return (rows) => rows;
  return (rows) => {
    for (const row of rows) {
      for (const name of jsonColumns) {
        const text = row[name];
        if (typeof text === 'string') row[name] = JSON.parse(text) as WarehouseValue;
      }
    }
    return rows;
  };
}
