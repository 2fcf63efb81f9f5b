import type mysql from 'mysql2';
import { createConnection, type Connection } from 'mysql2/promise';
import {
  resolveAllowedHost,
  type OutboundPolicy,
} from '../../platform/outbound/outbound-policy.js';
import type { LogicalType } from '../../warehouse/index.js';
import {
  ConnectorError,
  type ExtractOptions,
  type ExtractResult,
  writeCsvFile,
  networkFailure,
} from '../../integrations/index.js';
import {
  DatabaseConnector,
  type CatalogueColumn,
  type CatalogueTable,
} from './database-connector.js';
import {
  CONNECT_TIMEOUT_MS,
  SYNC_STATEMENT_TIMEOUT_MS,
  tlsOptionsFor,
  type DatabaseSourceConfig,
} from './database-session.js';

const LOGICAL_TYPES: Record<string, LogicalType> = {
  tinyint: 'bigint',
  smallint: 'bigint',
  mediumint: 'bigint',
  int: 'bigint',
  bigint: 'bigint',
  year: 'bigint',
  decimal: 'double',
  float: 'double',
  double: 'double',
  date: 'timestamp',
  datetime: 'timestamp',
  timestamp: 'timestamp',
};

interface MySqlColumn extends CatalogueColumn {
  dataType: string;
}

/** Backtick quoting of a name the source's own catalogue gave us. */
const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** MySQL's "zero" dates are not instants: they land as NULL. */
const ZERO_DATE = /^0000-00-00/;

/**
 * A MySQL or MariaDB source: read-only sessions (`SET SESSION TRANSACTION READ ONLY`) with
 * connect and statement timeouts and TLS per mode; a table is read with a streaming query
 * (rows as they arrive, never the whole result) into the load file.
 */
export class MySqlConnector extends DatabaseConnector<Connection, MySqlColumn> {
  protected readonly namespace: string;

  constructor(
    private readonly config: DatabaseSourceConfig,
    private readonly policy: OutboundPolicy,
  ) {
    super();
    this.namespace = config.database;
  }

  private get port() {
    return this.config.port ?? 3306;
  }

  protected async firstRows(connection: Connection, table: string, limit: number) {
    const [rows] = await connection.query(`SELECT * FROM ${quote(table)} LIMIT ${limit}`);
    return rows as Record<string, unknown>[];
  }

  /** The columns come from the catalog before the query streams (a pipe may be the file). */
  readonly describesBeforeWriting = true;

  async extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult> {
    return this.withSession(SYNC_STATEMENT_TIMEOUT_MS, async (connection) => {
      await connection.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
      const columns = await this.columnsOf(connection, table);
      let where = '';
      const values: unknown[] = [];
      let cursor: string | null = null;
      if (options.cursor) {
        const column = this.cursorColumnOf(columns, table, options.cursor.column);
        const [max] = await connection.query(
          `SELECT CAST(MAX(${quote(column.name)}) AS CHAR) AS max FROM ${quote(table)}`,
        );
        cursor = (max as { max: string | null }[])[0]?.max ?? options.cursor.after;
        where = ` WHERE ${quote(column.name)} <= ?`;
        values.push(cursor);
        if (options.cursor.after !== null) {
          where += ` AND ${quote(column.name)} > ?`;
          values.push(options.cursor.after);
        }
        if (cursor === null) where = ' WHERE false';
      }
      const extracted = columns.map((column) => ({
        name: column.name,
        sourceType: column.type,
        type: LOGICAL_TYPES[column.dataType] ?? 'text',
      }));
      options.onColumns?.(extracted);
      const timestamps = columns.map((column) => LOGICAL_TYPES[column.dataType] === 'timestamp');
      const sql = `SELECT ${columns.map((c) => quote(c.name)).join(', ')} FROM ${quote(table)}${where}`;
      // The callback API's stream: rows flow with backpressure instead of one big array.
      const stream = (connection as unknown as { connection: mysql.Connection }).connection
        .query({ sql, values, rowsAsArray: true })
        .stream({ highWaterMark: 1000 });
      const abort = () => stream.destroy(options.signal.reason as Error);
      options.signal.addEventListener('abort', abort);
      async function* rows() {
        for await (const row of stream as AsyncIterable<unknown[]>) {
          yield row.map((value, index) =>
            timestamps[index] && typeof value === 'string' && ZERO_DATE.test(value) ? null : value,
          );
        }
      }
      try {
        const count = await writeCsvFile(
          file,
          columns.map((c) => c.name),
          rows(),
          options,
        );
        await connection.query('COMMIT');
        return { columns: extracted, rows: count, cursor };
      } finally {
        options.signal.removeEventListener('abort', abort);
      }
    });
  }

  protected async tablesOf(connection: Connection, only?: string) {
    const [rows] = await connection.query(
      `SELECT c.TABLE_NAME AS tableName, c.COLUMN_NAME AS name, c.COLUMN_TYPE AS type,
              c.DATA_TYPE AS dataType, t.TABLE_ROWS AS estimate
         FROM information_schema.COLUMNS c
         JOIN information_schema.TABLES t
           ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
        WHERE c.TABLE_SCHEMA = DATABASE() AND (? IS NULL OR c.TABLE_NAME = ?)
        ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
      [only ?? null, only ?? null],
    );
    const tables = new Map<string, CatalogueTable<MySqlColumn>>();
    for (const row of rows as (MySqlColumn & { tableName: string; estimate: unknown })[]) {
      let table = tables.get(row.tableName);
      if (!table) {
        table = { estimate: row.estimate === null ? null : Number(row.estimate), columns: [] };
        tables.set(row.tableName, table);
      }
      table.columns.push({
        name: row.name,
        type: String(row.type),
        dataType: String(row.dataType).toLowerCase(),
      });
    }
    return tables;
  }

  protected async withSession<T>(
    statementTimeoutMs: number,
    work: (connection: Connection) => Promise<T>,
  ): Promise<T> {
    let connection: Connection | null = null;
    try {
      const address = await resolveAllowedHost(this.config.host, this.policy);
      const { database, user, password, tlsMode, host } = this.config;
      const open = (ssl: ReturnType<typeof tlsOptionsFor>) =>
        createConnection({
          host: address,
          port: this.port,
          database,
          user,
          password: password ?? '',
          connectTimeout: CONNECT_TIMEOUT_MS,
          ...(ssl ? { ssl } : {}),
          dateStrings: true,
          supportBigNumbers: true,
          bigNumberStrings: true,
          timezone: 'Z',
        });
      connection = await open(tlsOptionsFor(tlsMode, host)).catch((error: unknown) => {
        // `prefer`: a server without TLS is spoken to in plain text, as libpq does.
        const noTls = (error as { code?: string }).code === 'HANDSHAKE_NO_SSL_SUPPORT';
        if (tlsMode === 'prefer' && noTls) return open(false);
        throw error;
      });
      connection.on('error', () => undefined);
      await connection.query('SET SESSION TRANSACTION READ ONLY');
      await connection.query("SET SESSION time_zone = '+00:00'");
      // MariaDB's limit is in seconds, MySQL's in milliseconds; each ignores the other's.
      await connection
        .query(`SET SESSION max_statement_time = ${statementTimeoutMs / 1000}`)
        .catch(() => connection!.query(`SET SESSION max_execution_time = ${statementTimeoutMs}`))
        .catch(() => undefined);
      return await work(connection);
    } catch (error) {
      throw this.explain(error);
    } finally {
      await connection?.end().catch(() => undefined);
    }
  }

  private explain(error: unknown): unknown {
    if (error instanceof ConnectorError) return error;
    const network = networkFailure(error, { host: this.config.host, port: this.port });
    if (network) return network;
    const { code, errno } = error as { code?: string; errno?: number };
    const message = error instanceof Error ? error.message : String(error);
    if (code === 'ER_ACCESS_DENIED_ERROR' || errno === 1045)
      return new ConnectorError(
        'authentication',
        `Authentication failed for user "${this.config.user}": check the user name and password.`,
      );
    if (code === 'ER_BAD_DB_ERROR' || errno === 1049)
      return new ConnectorError('not_found', `Database "${this.config.database}" does not exist.`);
    if (code === 'HANDSHAKE_NO_SSL_SUPPORT')
      return new ConnectorError('tls', 'The server does not offer TLS: choose TLS mode "disable".');
    if (errno === 3159 || /secure transport/i.test(message))
      return new ConnectorError(
        'tls',
        'TLS required: the server accepts only encrypted connections; choose TLS mode "require".',
      );
    return error;
  }
}
