import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { quoteIdentifier } from '../engine/identifiers.js';
import { textLiteral } from '../engine/load-values.js';
import type { BatchSource, LogicalType, TableSchema } from '../engine/table-schema.js';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** COPY's text format: tab-separated, `\N` for NULL, backslash escapes. */
function copyField(type: LogicalType, value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  return textLiteral(type, value).replace(/[\\\n\r\t]/g, (char) => ESCAPES[char]!);
}

/** One COPY text chunk per batch: far fewer writes than a row at a time. */
function encodeBatch(types: LogicalType[], columns: unknown[][], rowCount: number): string {
  const lines: string[] = new Array<string>(rowCount);
  for (let row = 0; row < rowCount; row += 1) {
    const fields = types.map((type, column) => copyField(type, columns[column]![row]));
    lines[row] = fields.join('\t');
  }
  return `${lines.join('\n')}\n`;
}

async function* encodeBatches(
  types: LogicalType[],
  batches: BatchSource,
  counter: { rows: number },
) {
  for await (const batch of batches) {
    if (batch.rowCount === 0) continue;
    counter.rows += batch.rowCount;
    yield encodeBatch(types, batch.columns, batch.rowCount);
  }
}

/** Streams a CSV file (header line, PostgreSQL's CSV quoting) into `table` with `COPY … FROM STDIN`. */
export async function copyCsvFile(
  client: pg.PoolClient,
  table: string,
  schema: TableSchema,
  file: string,
): Promise<number> {
  const columnList = schema.columns.map((column) => quoteIdentifier(column.name)).join(', ');
  const copy = client.query(
    copyFrom(`COPY ${table} (${columnList}) FROM STDIN (FORMAT csv, HEADER true)`),
  );
  await pipeline(createReadStream(file), copy);
  return copy.rowCount ?? 0;
}

/** Streams batches into `table` with `COPY … FROM STDIN` (PostgreSQL's bulk path). */
export async function copyBatches(
  client: pg.PoolClient,
  table: string,
  schema: TableSchema,
  batches: BatchSource,
): Promise<number> {
  const columnList = schema.columns.map((column) => quoteIdentifier(column.name)).join(', ');
  const types = schema.columns.map((column) => column.type);
  const counter = { rows: 0 };
  const copy = client.query(copyFrom(`COPY ${table} (${columnList}) FROM STDIN`));
  // pipeline() waits for the server to acknowledge and propagates errors both ways.
  await pipeline(Readable.from(encodeBatches(types, batches, counter)), copy);
  return counter.rows;
}
