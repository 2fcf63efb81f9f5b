import type { DiscoveredTable, TablePreview } from '@revlane/contracts';
import {
  resolveAllowedHost,
  type OutboundPolicy,
} from '../../platform/outbound/outbound-policy.js';
import type { LogicalType } from '../../warehouse/index.js';
import {
  ConnectorError,
  type ExtractedColumn,
  type ExtractOptions,
  type ExtractResult,
  type SourceConnector,
  jsonSafeRow,
  networkFailure,
} from '../../integrations/index.js';
import {
  INTERACTIVE_STATEMENT_TIMEOUT_MS,
  tlsOptionsFor,
  type DatabaseSourceConfig,
  type TlsOptions,
} from './database-session.js';

export interface CatalogueColumn {
  name: string;
  /** The type as the source prints it (`numeric(10,2)`, `varchar(200)`). */
  type: string;
}

export interface CatalogueTable<Column extends CatalogueColumn> {
  estimate: number | null;
  columns: Column[];
}

/** A warning's words for one value and for several: "1 zero date", "412 zero dates". */
export interface CountedWords {
  one: string;
  other: string;
}

export const countedMessage = (count: number, words: CountedWords) =>
  `${count} ${count === 1 ? words.one : words.other}`;

/** Every value lands, as text, where no exact type holds the numbers. */
export const WIDE_NUMBERS: CountedWords = {
  one: 'number wider than 38 digits landed as text, every digit kept',
  other: 'numbers wider than 38 digits landed as text, every digit kept',
};

/** The note of a column of bytes, which lands as the hex text PostgreSQL prints for bytea. */
export const BYTES_NOTE = 'bytes: landed as hex text, \\x then two digits a byte';

/** How a catalogue column lands: as `type`, with a note for the user when there is one. */
export const landingAs =
  (source: CatalogueColumn) =>
  (type: LogicalType, note?: string): ExtractedColumn => ({
    name: source.name,
    sourceType: source.type,
    type,
    ...(note ? { note } : {}),
  });

/** Catalogue rows, one a column in table then column order, as tables with their columns. */
export function catalogueTables<Row, Column extends CatalogueColumn>(
  rows: readonly Row[],
  read: (row: Row) => { table: string; estimate: number | null; column: Column },
): Map<string, CatalogueTable<Column>> {
  const tables = new Map<string, CatalogueTable<Column>>();
  for (const row of rows) {
    const { table: name, estimate, column } = read(row);
    let table = tables.get(name);
    if (!table) {
      table = { estimate, columns: [] };
      tables.set(name, table);
    }
    table.columns.push(column);
  }
  return tables;
}

/**
 * What the SQL database sources share: test, discovery and preview over the source's own
 * catalogue in a read-only session, the columns an extract describes, and the errors every
 * engine reads alike; each engine supplies its session, catalogue query, row read, extract and
 * its own driver errors.
 */
export abstract class DatabaseConnector<
  Session,
  Column extends CatalogueColumn,
> implements SourceConnector {
  /** Where tables are looked up, for messages (`public`, the database's name). */
  protected abstract readonly namespace: string;
  /** The engine's port, for a source that names none. */
  protected abstract readonly defaultPort: number;

  /** The columns come from the catalogue before the rows stream (a pipe may be the file). */
  readonly describesBeforeWriting = true;

  constructor(
    protected readonly config: DatabaseSourceConfig,
    protected readonly policy: OutboundPolicy,
  ) {}

  protected get port(): number {
    return this.config.port ?? this.defaultPort;
  }

  protected abstract withSession<T>(
    statementTimeoutMs: number,
    work: (session: Session) => Promise<T>,
  ): Promise<T>;

  /** The readable tables and their columns in order; only the one named when `only` is. */
  protected abstract tablesOf(
    session: Session,
    only?: string,
  ): Promise<Map<string, CatalogueTable<Column>>>;

  protected abstract firstRows(
    session: Session,
    table: string,
    limit: number,
  ): Promise<Record<string, unknown>[]>;

  /** What the engine makes of a driver error it knows; undefined passes the error on. */
  protected abstract engineFailure(error: unknown, message: string): ConnectorError | undefined;

  abstract extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult>;

  /** Connecting and setting up the read-only session is the test. */
  test(): Promise<void> {
    return this.withSession(INTERACTIVE_STATEMENT_TIMEOUT_MS, () => Promise.resolve());
  }

  listTables(): Promise<DiscoveredTable[]> {
    return this.withSession(INTERACTIVE_STATEMENT_TIMEOUT_MS, async (session) => {
      const tables = await this.tablesOf(session);
      return [...tables.entries()].map(([name, table]) => ({
        name,
        columns: table.columns.map(({ name: column, type }) => ({ name: column, type })),
        rowEstimate: table.estimate,
      }));
    });
  }

  preview(table: string, limit: number): Promise<TablePreview> {
    return this.withSession(INTERACTIVE_STATEMENT_TIMEOUT_MS, async (session) => {
      const columns = await this.columnsOf(session, table);
      const rows = await this.firstRows(session, table, Math.floor(limit));
      return {
        columns: columns.map(({ name, type }) => ({ name, type })),
        rows: rows.map(jsonSafeRow),
      };
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** The address to connect to, once the outbound policy allows the host. */
  protected allowedAddress(): Promise<string> {
    return resolveAllowedHost(this.config.host, this.policy);
  }

  /**
   * Opens a connection over TLS as the source's mode asks; `prefer` speaks plain text to a
   * server that offers no TLS (as libpq does), which `offersNoTls` reads from the first error.
   */
  protected async openPerTlsMode<Connection>(
    open: (ssl: TlsOptions) => Promise<Connection>,
    offersNoTls: (error: unknown) => boolean,
  ): Promise<Connection> {
    const { tlsMode, host } = this.config;
    try {
      return await open(tlsOptionsFor(tlsMode, host));
    } catch (error) {
      if (tlsMode === 'prefer' && offersNoTls(error)) return open(false);
      throw error;
    }
  }

  /** The table's columns; one that is not there (or not readable) is a not-found. */
  protected async columnsOf(session: Session, table: string): Promise<Column[]> {
    const found = (await this.tablesOf(session, table)).get(table);
    if (!found)
      throw new ConnectorError('not_found', `Table "${table}" not found in ${this.namespace}`);
    return found.columns;
  }

  /** The columns an extract reads: the table's, less those the selection leaves out. */
  protected extractedColumnsOf(columns: readonly Column[], options: ExtractOptions): Column[] {
    const left = new Set(options.excludeColumns ?? []);
    return columns.filter((column) => !left.has(column.name));
  }

  /** The cursor column of an incremental extract, or a not-found naming it. */
  protected cursorColumnOf(columns: readonly Column[], table: string, name: string): Column {
    const column = columns.find((candidate) => candidate.name === name);
    if (!column)
      throw new ConnectorError('not_found', `Cursor column "${name}" not found in ${table}`);
    return column;
  }

  /** The columns an extract writes, told to `onColumns` before any row is. */
  protected describeColumns(
    extracted: ExtractedColumn[],
    options: ExtractOptions,
  ): ExtractedColumn[] {
    options.onColumns?.(extracted);
    return extracted;
  }

  /** A driver or network error as what the user should fix; never the password. */
  protected explain(error: unknown): unknown {
    if (error instanceof ConnectorError) return error;
    const network = networkFailure(error, { host: this.config.host, port: this.port });
    if (network) return network;
    const message = error instanceof Error ? error.message : String(error);
    return this.engineFailure(error, message) ?? error;
  }

  protected authenticationFailed(): ConnectorError {
    return new ConnectorError(
      'authentication',
      `Authentication failed for user "${this.config.user}": check the user name and password.`,
    );
  }

  protected databaseNotFound(): ConnectorError {
    return new ConnectorError('not_found', `Database "${this.config.database}" does not exist.`);
  }

  protected tlsRequired(): ConnectorError {
    return new ConnectorError(
      'tls',
      'TLS required: the server accepts only encrypted connections; choose TLS mode "require".',
    );
  }
}
