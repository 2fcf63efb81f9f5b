import type { Dialect } from './dialect.js';
import type { BatchSource, TableSchema } from './table-schema.js';

/** SQL text with `$1…$n` placeholders and their values; values never enter the text. */
export interface CompiledQuery {
  sql: string;
  params: readonly (string | number | boolean | null)[];
}

/** A result value after the conversion layer: the same JS value whichever engine ran it. */
export type WarehouseValue = string | number | boolean | null | WarehouseValue[] | object;
export type WarehouseRow = Record<string, WarehouseValue>;

/**
 * A CSV file as DuckDB's sniffer read it (whole file): its dialect, as `sniff_csv` answers
 * it, and each column's DuckDB type in file order. ADR 0018: the DuckDB warehouse loads an
 * upload straight from it, with no rewrite into the load format.
 */
export interface SniffedCsv {
  delimiter: string;
  quote: string;
  escape: string;
  newLine: string;
  comment: string;
  skipRows: number;
  header: boolean;
  dateFormat: string | null;
  timestampFormat: string | null;
  columns: readonly { name: string; type: string }[];
}

export interface CsvLoadOptions {
  /** Read the file in its own dialect and types (only where `readsSniffedCsv`). */
  sniffed?: SniffedCsv;
  /** Stops the load (its rows are then not committed). */
  signal?: AbortSignal;
}

export interface StreamOptions {
  /** Rows per yielded batch; bounds memory together with the engine's own fetch size. */
  batchSize?: number;
}

/**
 * An organization's analytical database (docs/architecture.md §5). Every method is scoped by `orgId`:
 * DuckDB opens that organization's file, PostgreSQL its schema. Queries come from the
 * segment compiler or the metric builders, which qualify tables through `dialect`.
 */
export interface Warehouse {
  readonly dialect: Dialect;
  /** Runs a read query and returns every row. */
  query(orgId: string, query: CompiledQuery): Promise<WarehouseRow[]>;
  /** Streams a read query in batches of rows with bounded memory (exports). */
  stream(
    orgId: string,
    query: CompiledQuery,
    options?: StreamOptions,
  ): AsyncIterable<WarehouseRow[]>;
  /**
   * Writes a query whose columns are all text (the compiler's `csvQuery`) as CSV lines
   * without a header, in order, with flat memory; DuckDB through its own `COPY … TO`.
   */
  exportCsv(orgId: string, query: CompiledQuery): AsyncIterable<Buffer>;
  /** Whether the organization's database has the table (false before the first load). */
  hasTable(orgId: string, name: string): Promise<boolean>;
  /** The organization's tables whose names start with `prefix` (none before the first load). */
  listTables(orgId: string, prefix: string): Promise<string[]>;
  /** Creates (or re-creates, empty) a table; loads use `<name>__next`. */
  createTable(orgId: string, schema: TableSchema): Promise<void>;
  /** Appends batches into the table `schema.name` with the engine's fastest path. */
  bulkLoad(orgId: string, schema: TableSchema, batches: BatchSource): Promise<number>;
  /**
   * Appends a CSV file's rows into the table `schema.name` (created beforehand), streamed by
   * the engine itself: a header line, fields in the schema's column order, comma-separated,
   * `"`-quoted; an unquoted empty field is NULL and `""` an empty string (what PostgreSQL's
   * `COPY … (FORMAT csv, HEADER)` writes), or the file's own dialect with `options.sniffed`.
   * Answers the rows loaded. Source syncs land this way.
   */
  loadCsvFile(
    orgId: string,
    schema: TableSchema,
    file: string,
    options?: CsvLoadOptions,
  ): Promise<number>;
  /**
   * Whether `loadCsvFile` can read a pipe (FIFO) while a connector writes into it, so the
   * extract and the load overlap (ADR 0027).
   */
  readonly readsCsvWhileWritten: boolean;
  /** Whether `loadCsvFile` reads a sniffed CSV file as it is (DuckDB's reader does). */
  readonly readsSniffedCsv: boolean;
  /** Runs statements in one write transaction (metric rebuilds). */
  execute(orgId: string, statements: readonly CompiledQuery[]): Promise<void>;
  /**
   * Replaces each `name` by `name__next` in ONE transaction: a reader sees either every old
   * table or every new one, never a missing or half-loaded table.
   */
  swapTables(orgId: string, names: readonly string[]): Promise<void>;
  /** Deletes everything the organization has in the warehouse. */
  dropOrganization(orgId: string): Promise<void>;
  close(): Promise<void>;
}
