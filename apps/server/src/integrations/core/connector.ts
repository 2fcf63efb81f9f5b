import type { DiscoveredTable, LandingWarning, TablePreview } from '@revlane/contracts';
import type { LogicalType, SniffedCsv } from '../../warehouse/index.js';

/** A column of an extracted table: its name at the source, the source's type, how it lands. */
export interface ExtractedColumn {
  name: string;
  sourceType: string;
  type: LogicalType;
  /** What the user should know of how it landed (money, seconds of an interval, a format). */
  note?: string;
}

export interface ExtractOptions {
  /** Incremental: only rows whose cursor column is past `after` (null: from the start). */
  cursor?: { column: string; after: string | null };
  /** Columns left out of the load (database sources only; the selection is checked). */
  excludeColumns?: readonly string[];
  signal: AbortSignal;
  /**
   * The warehouse reads a sniffed CSV file as it is: a source whose data already is such a
   * file may answer it (`ExtractResult.csv`) instead of writing the load file (ADR 0018).
   */
  readsSniffedCsv?: boolean;
  /** Rows written so far (progress); called every so often, not per row. */
  onProgress(rows: number): void;
  /**
   * Called once with the table's columns before the first row is written, by connectors
   * that say so (`SourceConnector.describesBeforeWriting`): the warehouse may then read the
   * load file while it is written, through a pipe (ADR 0027).
   */
  onColumns?(columns: ExtractedColumn[]): void;
}

export interface ExtractResult {
  columns: ExtractedColumn[];
  rows: number;
  /** The largest cursor value now loaded (text), when incremental. */
  cursor: string | null;
  /** Columns some of whose values could not land as the source holds them (never fatal). */
  warnings?: LandingWarning[];
  /**
   * Set when the rows were not written to the load file: the warehouse loads this file in
   * its sniffed dialect instead, and `rows` is 0 (the load counts them).
   */
  csv?: {
    file: string;
    sniffed: SniffedCsv;
    /** The rows are already in this scratch table, loaded while uploaded (ADR 0029). */
    loadedAhead?: { table: string; rows: number };
  };
}

/**
 * One kind of source, as the sync and the discovery routes use it. `extract` streams a
 * table into a CSV file in the warehouse's load format (warehouse/engine/warehouse.ts
 * `loadCsvFile`): memory stays flat whatever the table's size.
 */
export interface SourceConnector {
  /** Connects and checks access; throws a `ConnectorError` whose message says what to fix. */
  test(): Promise<void>;
  listTables(): Promise<DiscoveredTable[]>;
  preview(table: string, limit: number): Promise<TablePreview>;
  extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult>;
  /**
   * True when `extract` calls `onColumns` before writing any row and then writes the load
   * file front to back (it may be a pipe the load reads while it is written, ADR 0027).
   */
  readonly describesBeforeWriting?: boolean;
  close(): Promise<void>;
}

export type ConnectorFailure =
  | 'authentication'
  | 'host_not_found'
  | 'timeout'
  | 'tls'
  | 'policy'
  | 'refused'
  | 'not_found'
  | 'remote';

/**
 * A failure the user can act on (wrong password, unknown host, TLS, policy): its message is
 * shown as it is, never a stack or a credential. `permanent` failures are not retried.
 */
export class ConnectorError extends Error {
  constructor(
    readonly failure: ConnectorFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }

  get permanent(): boolean {
    return ['authentication', 'policy', 'not_found', 'tls'].includes(this.failure);
  }

  /** A fault of the network or the remote end that may pass: worth another attempt. */
  get transient(): boolean {
    return ['timeout', 'refused', 'remote'].includes(this.failure);
  }
}

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);

/**
 * Whether a failed extract or load is worth another attempt: only network faults and
 * timeouts are. A conversion, a missing table or bad credentials fail the same way again.
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ConnectorError) return error.transient;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NETWORK_CODES.has(code);
}

export const isConnectorError = (error: unknown): error is ConnectorError =>
  error instanceof ConnectorError;
