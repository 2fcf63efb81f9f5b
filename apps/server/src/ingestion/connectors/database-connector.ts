import type { DiscoveredTable, TablePreview } from '@revlane/contracts';
import {
  ConnectorError,
  type ExtractOptions,
  type ExtractResult,
  type SourceConnector,
  jsonSafeRow,
} from '../../integrations/index.js';
import { INTERACTIVE_STATEMENT_TIMEOUT_MS } from './database-session.js';

export interface CatalogueColumn {
  name: string;
  /** The type as the source prints it (`numeric(10,2)`, `varchar(200)`). */
  type: string;
}

export interface CatalogueTable<Column extends CatalogueColumn> {
  estimate: number | null;
  columns: Column[];
}

/**
 * What the SQL database sources share: test, discovery and preview over the source's own
 * catalogue in a read-only session; each engine supplies its session, catalogue query,
 * row read and extract.
 */
export abstract class DatabaseConnector<
  Session,
  Column extends CatalogueColumn,
> implements SourceConnector {
  /** Where tables are looked up, for messages (`public`, the database's name). */
  protected abstract readonly namespace: string;

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

  /** The table's columns; one that is not there (or not readable) is a not-found. */
  protected async columnsOf(session: Session, table: string): Promise<Column[]> {
    const found = (await this.tablesOf(session, table)).get(table);
    if (!found)
      throw new ConnectorError('not_found', `Table "${table}" not found in ${this.namespace}`);
    return found.columns;
  }

  /** The cursor column of an incremental extract, or a not-found naming it. */
  protected cursorColumnOf(columns: readonly Column[], table: string, name: string): Column {
    const column = columns.find((candidate) => candidate.name === name);
    if (!column)
      throw new ConnectorError('not_found', `Cursor column "${name}" not found in ${table}`);
    return column;
  }
}
