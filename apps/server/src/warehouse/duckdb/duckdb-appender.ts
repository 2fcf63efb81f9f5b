import {
  BIGINT,
  BOOLEAN,
  DOUBLE,
  DuckDBDataChunk,
  INTEGER,
  LIST,
  TIMESTAMP_MS,
  VARCHAR,
  listValue,
  timestampMillisValue,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { decimalLiteral } from '../engine/load-values.js';
import {
  decimalParts,
  type BatchSource,
  type DecimalType,
  type LogicalType,
  type TableSchema,
} from '../engine/table-schema.js';

const CHUNK_ROWS = 2048;

type ToDuckDB = (value: unknown) => DuckDBValue;

/**
 * The chunk type each logical type is appended as, and how a JS value becomes one. The
 * appender casts chunk vectors to the table's types (VARCHAR → DECIMAL/JSON, TIMESTAMP_MS →
 * TIMESTAMP), which keeps the JS side to cheap conversions.
 */
const CHUNK_TYPES: Record<
  Exclude<LogicalType, DecimalType>,
  { type: DuckDBType; convert: ToDuckDB }
> = {
  text: { type: VARCHAR, convert: (value) => value as string },
  integer: { type: INTEGER, convert: (value) => value as number },
  bigint: { type: BIGINT, convert: (value) => BigInt(value as number) },
  double: { type: DOUBLE, convert: (value) => value as number },
  decimal: { type: VARCHAR, convert: (value) => decimalLiteral(value as number) },
  boolean: { type: BOOLEAN, convert: (value) => value as boolean },
  timestamp: {
    type: TIMESTAMP_MS,
    convert: (value) => timestampMillisValue(BigInt(value as number)),
  },
  json: { type: VARCHAR, convert: (value) => value as string },
  integer_list: { type: LIST(INTEGER), convert: (value) => listValue(value as number[]) },
  date: { type: VARCHAR, convert: (value) => value as string },
  text_list: { type: LIST(VARCHAR), convert: (value) => listValue(value as string[]) },
  bigint_list: {
    type: LIST(BIGINT),
    convert: (value) =>
      listValue(
        (value as (number | string | null)[]).map((item) => (item === null ? null : BigInt(item))),
      ),
  },
};

/** An exact decimal travels as its text, which DuckDB casts without rounding. */
const DECIMAL_TEXT = { type: VARCHAR, convert: (value: unknown) => String(value) };

const chunkTypeOf = (type: LogicalType) =>
  decimalParts(type) ? DECIMAL_TEXT : CHUNK_TYPES[type as Exclude<LogicalType, DecimalType>];

/** Appends column batches through DuckDB's appender (its fastest load path). */
export async function appendBatches(
  connection: DuckDBConnection,
  schema: TableSchema,
  batches: BatchSource,
): Promise<number> {
  const kinds = schema.columns.map((column) => chunkTypeOf(column.type));
  const types = kinds.map((kind) => kind.type);
  const appender = await connection.createAppender(schema.name);
  let rows = 0;
  try {
    for await (const batch of batches) {
      // A data chunk holds at most one vector (2048 rows); larger batches go in slices.
      for (let start = 0; start < batch.rowCount; start += CHUNK_ROWS) {
        const end = Math.min(start + CHUNK_ROWS, batch.rowCount);
        const columns = batch.columns.map((values, index) => {
          const { convert } = kinds[index]!;
          const slice = values.slice(start, end);
          return slice.map((value) =>
            value === null || value === undefined ? null : convert(value),
          );
        });
        const chunk = DuckDBDataChunk.create(types, end - start);
        chunk.setColumns(columns);
        appender.appendDataChunk(chunk);
      }
      rows += batch.rowCount;
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  return rows;
}
