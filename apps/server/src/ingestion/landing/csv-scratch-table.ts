import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { quoteIdentifier } from '../../warehouse/index.js';
import type { TableSchema, SniffedCsv, Warehouse } from '../../warehouse/index.js';
import type { ExtractedColumn } from '../../integrations/index.js';
import { csvColumnsOf } from '../connectors/csv-columns.js';
import { sniffCsv, withScratchDuckDB } from '../connectors/csv-sniff.js';
import { landedSchema } from './build-next-table.js';

/** A reason to leave an upload to the sync's own whole-file sniff and load (ADR 0029). */
export class LeftToTheSync extends Error {}

/** The upload being followed, as its scratch table reports on it. */
export interface FollowedUpload {
  orgId: string;
  table: string;
  /** Rows loaded so far. */
  rows: number;
  /** The dialect's quote, once sniffed (records are cut by it). */
  quote?: string;
}

export interface ScratchLoad {
  columns: ExtractedColumn[];
  sniffed: SniffedCsv;
}

/** Line endings as `sniff_csv` prints them; '' when the sample had a single line. */
const LINE_ENDINGS = new Set(['\\n', '\\r\\n', '']);

/**
 * Records are cut where a line feed is outside quotes, which holds when the escape is the
 * quote doubled (or none), no comment or skipped line may hold an unbalanced quote, and
 * lines end in a line feed; any other dialect is left to the sync.
 */
function checkDialect(sniffed: SniffedCsv): void {
  const cuttable =
    (sniffed.quote === '"' || sniffed.quote === '') &&
    (sniffed.escape === sniffed.quote || sniffed.escape === '') &&
    sniffed.comment === '' &&
    sniffed.skipRows === 0 &&
    LINE_ENDINGS.has(sniffed.newLine);
  if (!cuttable) throw new LeftToTheSync('Its dialect is not cut into records while it arrives.');
}

/**
 * The scratch table an upload is loaded into, chunk by chunk of whole records: the first
 * chunk (the head) is sniffed whole by DuckDB for the dialect and types, and every
 * chunk is read with exactly those by the warehouse's own CSV reader. A value that does not
 * fit its type fails the chunk.
 */
export class ScratchTable {
  loaded: (ScratchLoad & { table: string; rows: number }) | null = null;
  private schema: TableSchema | null = null;
  /** Text columns with no value in the head: the whole-file sniff might type them. */
  private emptyInHead: string[] = [];
  private chunks = 0;

  constructor(
    private readonly warehouse: Warehouse,
    private readonly upload: FollowedUpload,
    private readonly directory: string,
  ) {}

  async append(records: Buffer): Promise<void> {
    const file = path.join(this.directory, `${this.chunks}.csv`);
    this.chunks += 1;
    await writeFile(file, records, { mode: 0o600 });
    try {
      if (this.loaded) {
        const { sniffed } = this.loaded;
        await this.insert(file, { ...sniffed, header: false, skipRows: 0 });
      } else await this.start(file);
    } finally {
      await rm(file, { force: true });
    }
  }

  /** Fails when a column empty in the head holds a value further down. */
  async checkColumnsEmptyInHead(): Promise<void> {
    if (!this.schema || this.emptyInHead.length === 0) return;
    const counts = await this.countValues(this.emptyInHead);
    if (counts.some((count) => count > 0))
      throw new LeftToTheSync('A column empty at the start of the file holds values later.');
  }

  private async start(file: string): Promise<void> {
    // The head is sniffed whole, so a column empty in it is empty in every row it typed.
    const sniffed = await withScratchDuckDB((connection) => sniffCsv(connection, file)).catch(
      () => {
        throw new LeftToTheSync('The start of the file was not sniffed.');
      },
    );
    checkDialect(sniffed);
    const columns = csvColumnsOf(sniffed);
    this.schema = landedSchema(this.upload.table, columns);
    await this.warehouse.createTable(this.upload.orgId, this.schema);
    this.loaded = { table: this.upload.table, columns, sniffed, rows: 0 };
    await this.insert(file, sniffed);
    const text = this.schema.columns.filter((_, index) => columns[index]?.sourceType === 'VARCHAR');
    const counts = await this.countValues(text.map((column) => column.name));
    this.emptyInHead = text.filter((_, index) => counts[index] === 0).map((column) => column.name);
    this.upload.quote = sniffed.quote;
  }

  private async insert(file: string, sniffed: SniffedCsv): Promise<void> {
    if (!this.schema || !this.loaded) return;
    const rows = await this.warehouse.loadCsvFile(this.upload.orgId, this.schema, file, {
      sniffed,
    });
    this.loaded.rows += rows;
    this.upload.rows = this.loaded.rows;
  }

  private async countValues(names: readonly string[]): Promise<number[]> {
    if (names.length === 0) return [];
    const counts = names.map((name, index) => `count(${quoteIdentifier(name)}) AS c${index}`);
    const [row] = await this.warehouse.query(this.upload.orgId, {
      sql: `SELECT ${counts.join(', ')} FROM ${this.warehouse.dialect.table(this.upload.orgId, this.upload.table)}`,
      params: [],
    });
    return names.map((_, index) => Number(row?.[`c${index}`] ?? 0));
  }
}
