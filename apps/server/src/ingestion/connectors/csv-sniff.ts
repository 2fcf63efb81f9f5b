import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { SniffedCsv } from '../../warehouse/index.js';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** `sniff_csv` prints an absent quote, escape or comment as "(empty)". */
const character = (value: unknown) =>
  typeof value === 'string' && value !== '(empty)' ? value : '';

/**
 * DuckDB's sniffer over the whole file (`sample_size = -1`, not a sample): its dialect,
 * header, date formats and column types, read in ONE pass (ADR 0018); the load then reads
 * the file with exactly these, guessing nothing. An upload still arriving has its first
 * megabyte sniffed so (ADR 0029).
 */
export async function sniffCsv(connection: DuckDBConnection, file: string): Promise<SniffedCsv> {
  const reader = await connection.runAndReadAll(
    // A quoted empty field is an empty string, as the load reads it (sniffedCsvReader).
    `SELECT * FROM sniff_csv(${literal(file)}, sample_size = -1, allow_quoted_nulls = false)`,
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

/** Work on a private in-memory DuckDB (sniffing, previews of a file), closed afterwards. */
export async function withScratchDuckDB<T>(
  work: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:', {
    threads: '2',
    memory_limit: '512MB',
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  const connection = await instance.connect();
  try {
    return await work(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
