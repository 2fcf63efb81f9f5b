import type { DuckDBConnection } from '@duckdb/node-api';
import type { SniffedCsv } from '../../../warehouse/engine/warehouse.js';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** `sniff_csv` prints an absent quote, escape or comment as "(empty)". */
const character = (value: unknown) =>
  typeof value === 'string' && value !== '(empty)' ? value : '';

/**
 * DuckDB's sniffer over the whole file (`sample_size = -1`, not a sample): its dialect,
 * header, date formats and column types, read in ONE pass (ADR 0018); the load then reads
 * the file with exactly these, guessing nothing.
 */
export async function sniffCsv(connection: DuckDBConnection, file: string): Promise<SniffedCsv> {
  const reader = await connection.runAndReadAll(
    `SELECT * FROM sniff_csv(${literal(file)}, sample_size = -1)`,
  );
  const row = reader.getRowObjectsJS()[0];
  if (!row) throw new Error('The sniffer answered nothing');
  const columns = row.Columns as { name: string; type: string }[];
  return {
    delimiter: character(row.Delimiter),
    quote: character(row.Quote),
    escape: character(row.Escape),
    newLine: character(row.NewLineDelimiter),
    comment: character(row.Comment),
    skipRows: Number(row.SkipRows ?? 0),
    header: row.HasHeader === true,
    dateFormat: (row.DateFormat as string | null) ?? null,
    timestampFormat: (row.TimestampFormat as string | null) ?? null,
    columns: columns.map(({ name, type }) => ({ name, type })),
  };
}
