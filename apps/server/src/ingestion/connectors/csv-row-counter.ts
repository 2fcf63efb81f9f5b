import { Transform } from 'node:stream';

const QUOTE = 0x22;
const NEWLINE = 0x0a;

export type CsvRowCounter = Transform & { rows(): number };

/**
 * Counts CSV records passing through (line ends outside quotes), minus the header line,
 * and reports the count after each chunk; the bytes pass unchanged. A doubled quote inside
 * a quoted field toggles twice, so it needs no special case.
 */
export function csvRowCounter(onRows: (rows: number) => void): CsvRowCounter {
  let inQuotes = false;
  let lines = 0;
  const rows = () => Math.max(0, lines - 1);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      for (let index = 0; index < chunk.length; index += 1) {
        const byte = chunk[index];
        if (byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === NEWLINE && !inQuotes) lines += 1;
      }
      onRows(rows());
      callback(null, chunk);
    },
  });
  return Object.assign(counter, { rows });
}
