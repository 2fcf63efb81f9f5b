import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

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

const csvRecord = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\n`;

/**
 * Writes rows from a row-oriented source (MySQL, Sheets, Redash) into a load file, waiting
 * for the disk when its buffer is full, so memory stays flat; answers the rows written.
 */
export async function writeCsvFile(
  file: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
  options: { signal: AbortSignal; onProgress(rows: number): void },
): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  try {
    out.write(csvRecord(header));
    for await (const row of rows) {
      options.signal.throwIfAborted();
      count += 1;
      if (!out.write(csvRecord(row))) {
        options.onProgress(count);
        await once(out, 'drain');
      }
    }
    out.end();
    await once(out, 'finish');
    options.onProgress(count);
    return count;
  } finally {
    out.destroy();
  }
}
