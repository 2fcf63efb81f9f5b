import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DiscoveredTable, TablePreview } from '@revlane/contracts';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  ConnectorError,
  type ExtractOptions,
  type ExtractResult,
  type SourceConnector,
  jsonSafeRow,
} from '../../integrations/index.js';
import { sniffedCsvReader } from '../../warehouse/index.js';
import type { LoadedAhead } from '../landing/csv-load-ahead.js';
import { csvColumnsOf } from './csv-columns.js';
import { sniffCsv, withScratchDuckDB } from './csv-sniff.js';

/**
 * Where a CSV source's current file lives (the upload moves it there): under the directory
 * every process shares (`sharedDirOf`: the data directory unless UPLOAD_DIR is set, ADR 0035),
 * so the worker that syncs it reads what any web process received.
 */
export function csvFileOf(sharedDir: string, orgId: string, sourceId: string): string {
  return path.join(sharedDir, 'sources', orgId, `${sourceId}.csv`);
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const unreadable = (error: unknown) =>
  new ConnectorError(
    'remote',
    `The file could not be read as CSV: ${error instanceof Error ? error.message : String(error)}`,
  );

/**
 * A CSV file source: DuckDB's sniffer reads the whole file (`sample_size = -1`, not a
 * sample) for its dialect, header and column types, in a private in-memory DuckDB. A sync
 * sniffs once; the DuckDB warehouse then loads the file as it is, and for the PostgreSQL one
 * it is rewritten in the load format with DuckDB's own `COPY` (ADR 0018). Memory stays flat.
 */
export class CsvConnector implements SourceConnector {
  constructor(
    private readonly file: string,
    private readonly fileName: string,
    private readonly options: {
      /** The rows of the file loaded while it was uploaded, if any (ADR 0029). */
      claimLoadedAhead?: (onProgress: (rows: number) => void) => Promise<LoadedAhead | null>;
    } = {},
  ) {}

  test(): Promise<void> {
    if (!existsSync(this.file))
      return Promise.reject(new ConnectorError('not_found', 'No file has been uploaded yet.'));
    return Promise.resolve();
  }

  async listTables(): Promise<DiscoveredTable[]> {
    await this.test();
    const columns = await withScratchDuckDB((connection) => this.describe(connection));
    const rowEstimate = await withScratchDuckDB(async (connection) => {
      const reader = await connection.runAndReadAll(`SELECT count(*) FROM ${this.reader()}`);
      return Number(reader.getRows()[0]?.[0] ?? 0);
    });
    return [{ name: this.fileName, columns, rowEstimate }];
  }

  async preview(table: string, limit: number): Promise<TablePreview> {
    this.checkTable(table);
    await this.test();
    return withScratchDuckDB(async (connection) => {
      const columns = await this.describe(connection);
      const reader = await connection.runAndReadAll(
        `SELECT * FROM ${this.reader()} LIMIT ${Math.floor(limit)}`,
      );
      return { columns, rows: reader.getRowObjectsJS().map(jsonSafeRow) };
    });
  }

  async extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult> {
    this.checkTable(table);
    await this.test();
    if (options.cursor)
      throw new ConnectorError('not_found', 'A CSV file is loaded whole; it has no cursor column.');
    const loadedAhead =
      options.readsSniffedCsv &&
      (await this.options.claimLoadedAhead?.((rows) => options.onProgress(rows)));
    if (loadedAhead) {
      const { table, rows, columns, sniffed } = loadedAhead;
      return {
        columns,
        rows: 0,
        cursor: null,
        csv: { file: this.file, sniffed, loadedAhead: { table, rows } },
      };
    }
    return withScratchDuckDB(async (connection) => {
      const abort = () => connection.interrupt();
      options.signal.addEventListener('abort', abort);
      try {
        const sniffed = await this.sniff(connection);
        options.signal.throwIfAborted();
        const columns = csvColumnsOf(sniffed);
        // The DuckDB warehouse reads the upload itself: no rewrite (ADR 0018).
        if (options.readsSniffedCsv)
          return { columns, rows: 0, cursor: null, csv: { file: this.file, sniffed } };
        const reader = await connection.runAndReadAll(
          `COPY (SELECT * FROM ${sniffedCsvReader(this.file, sniffed)}) TO ${literal(file)} (FORMAT csv, HEADER true)`,
        );
        options.signal.throwIfAborted();
        const rows = Number(reader.getRows()[0]?.[0] ?? 0);
        options.onProgress(rows);
        return { columns, rows, cursor: null };
      } finally {
        options.signal.removeEventListener('abort', abort);
      }
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private reader() {
    return `read_csv(${literal(this.file)}, sample_size = -1)`;
  }

  private checkTable(table: string) {
    if (table !== this.fileName)
      throw new ConnectorError(
        'not_found',
        `Table "${table}" not found: this source is ${this.fileName}`,
      );
  }

  private async sniff(connection: DuckDBConnection) {
    try {
      return await sniffCsv(connection, this.file);
    } catch (error) {
      throw unreadable(error);
    }
  }

  private async describe(connection: DuckDBConnection) {
    try {
      const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${this.reader()}`);
      return reader
        .getRowObjectsJS()
        .map((row) => ({ name: row.column_name as string, type: row.column_type as string }));
    } catch (error) {
      throw unreadable(error);
    }
  }
}
