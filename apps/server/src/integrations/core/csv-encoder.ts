import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A UTC timestamp as both warehouses read it: `2024-05-01 12:00:00.000`. */
const timestampText = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');

/**
 * One value in the load format (ADR 0018): NULL is an unquoted empty field, every string is
 * quoted (so an empty string stays one), numbers and booleans bare, dates as UTC timestamps.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : `"${timestampText(value)}"`;
  const text = Buffer.isBuffer(value)
    ? `\\x${value.toString('hex')}`
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** Characters per write to the load file; progress is reported once per write. */
const CHUNK_CHARS = 64 * 1024;

const csvRecord = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\n`;

/**
 * Writes rows from a row-oriented source (MySQL, Sheets, Redash, CRMs) into a load file
 * through a pipeline, so the disk's back-pressure keeps memory flat and any failure (the
 * source's, the file's, or a cancel) rejects here instead of surfacing as an unhandled
 * stream error; answers the rows written.
 */
export async function writeCsvFile(
  file: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
  options: { signal: AbortSignal; onProgress(rows: number): void },
): Promise<number> {
  let count = 0;
  // Rows are joined into chunks of about 64 KiB: one stream write per row costs more than
  // encoding it.
  async function* chunks() {
    let chunk = csvRecord(header);
    for await (const row of rows) {
      options.signal.throwIfAborted();
      count += 1;
      chunk += csvRecord(row);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
        options.onProgress(count);
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file), { signal: options.signal });
  options.onProgress(count);
  return count;
}
