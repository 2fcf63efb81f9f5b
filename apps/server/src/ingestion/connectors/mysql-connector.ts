import type mysql from 'mysql2';
import { createConnection, type Connection } from 'mysql2/promise';
import {
  ConnectorError,
  type ExtractOptions,
  type ExtractResult,
  writeCsvFile,
} from '../../integrations/index.js';
import { catalogueTables, DatabaseConnector } from './database-connector.js';
import {
  planMySqlColumn,
  UnkeptValues,
  type MySqlColumn,
  type MySqlColumnPlan,
} from './mysql-columns.js';
import {
  CONNECT_TIMEOUT_MS,
  SYNC_STATEMENT_TIMEOUT_MS,
  type TlsOptions,
} from './database-session.js';

/** Backtick quoting of a name the source's own catalogue gave us. */
const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/**
 * A MySQL or MariaDB source: read-only sessions (`SET SESSION TRANSACTION READ ONLY`) with
 * connect and statement timeouts and TLS per mode; a table is read with a streaming query
 * (rows as they arrive, never the whole result) into the load file.
 */
export class MySqlConnector extends DatabaseConnector<Connection, MySqlColumn> {
  protected readonly namespace = this.config.database;
  protected readonly defaultPort = 3306;

  protected async firstRows(connection: Connection, table: string, limit: number) {
    const [rows] = await connection.query(`SELECT * FROM ${quote(table)} LIMIT ${limit}`);
    return rows as Record<string, unknown>[];
  }

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
      const plans = await this.settlePlans(
        connection,
        table,
        this.extractedColumnsOf(columns, options).map(planMySqlColumn),
      );
      const extracted = this.describeColumns(
        plans.map((plan) => plan.column),
        options,
      );
      const unkept = new UnkeptValues(plans);
      const selected = plans.map((plan) => {
        const quoted = quote(plan.column.name);
        return plan.select ? `${plan.select(quoted)} AS ${quoted}` : quoted;
      });
      const sql = `SELECT ${selected.join(', ')} FROM ${quote(table)}${where}`;
      // The callback API's stream: rows flow with backpressure instead of one big array.
      const stream = (connection as unknown as { connection: mysql.Connection }).connection
        .query({ sql, values, rowsAsArray: true })
        .stream({ highWaterMark: 1000 });
      const abort = () => stream.destroy(options.signal.reason as Error);
      options.signal.addEventListener('abort', abort);
      async function* rows() {
        for await (const row of stream as AsyncIterable<unknown[]>) yield unkept.convert(row);
      }
      try {
        const count = await writeCsvFile(
          file,
          plans.map((plan) => plan.column.name),
          rows(),
          options,
        );
        await connection.query('COMMIT');
        return { columns: extracted, rows: count, cursor, warnings: unkept.warnings() };
      } finally {
        options.signal.removeEventListener('abort', abort);
      }
    });
  }

  /** Runs the plans' probes over the whole table (in the extract's snapshot), if any. */
  private async settlePlans(
    connection: Connection,
    table: string,
    plans: MySqlColumnPlan[],
  ): Promise<MySqlColumnPlan[]> {
    const probed = plans.flatMap((plan) => (plan.probe ? [plan] : []));
    if (probed.length === 0) return plans;
    const aggregates = probed.map((plan) => plan.probe!.aggregate(quote(plan.column.name)));
    const [rows] = await connection.query({
      sql: `SELECT ${aggregates.join(', ')} FROM ${quote(table)}`,
      rowsAsArray: true,
    });
    const values = (rows as unknown[][])[0] ?? [];
    return plans.map((plan) =>
      plan.probe ? plan.probe.decide(values[probed.indexOf(plan)]) : plan,
    );
  }

  protected async tablesOf(connection: Connection, only?: string) {
    const [rows] = await connection.query(
      `SELECT c.TABLE_NAME AS tableName, c.COLUMN_NAME AS name, c.COLUMN_TYPE AS type,
              c.DATA_TYPE AS dataType, c.NUMERIC_PRECISION AS numericPrecision,
              c.NUMERIC_SCALE AS numericScale, t.TABLE_ROWS AS estimate
         FROM information_schema.COLUMNS c
         JOIN information_schema.TABLES t
           ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
        WHERE c.TABLE_SCHEMA = DATABASE() AND (? IS NULL OR c.TABLE_NAME = ?)
        ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
      [only ?? null, only ?? null],
    );
    const json = await this.mariaDbJsonColumns(connection, only);
    return catalogueTables(
      rows as (MySqlColumn & { tableName: string; estimate: unknown })[],
      (row) => ({
        table: row.tableName,
        estimate: row.estimate === null ? null : Number(row.estimate),
        column: {
          name: row.name,
          type: String(row.type),
          dataType: json.get(row.tableName)?.has(quote(row.name))
            ? 'json'
            : String(row.dataType).toLowerCase(),
          numericPrecision: row.numericPrecision === null ? null : Number(row.numericPrecision),
          numericScale: row.numericScale === null ? null : Number(row.numericScale),
        },
      }),
    );
  }

  /**
   * MariaDB's JSON is a LONGTEXT checked by `json_valid(col)`: those columns (quoted, by
   * table) land as JSON like MySQL's own type (docs/architecture.md §5.5). MySQL's
   * CHECK_CONSTRAINTS has no TABLE_NAME (before 8.0.16, no such view): none there, its JSON is
   * a type of its own.
   */
  private async mariaDbJsonColumns(
    connection: Connection,
    only?: string,
  ): Promise<Map<string, Set<string>>> {
    const json = new Map<string, Set<string>>();
    const checks = await connection
      .query(
        `SELECT TABLE_NAME AS tableName, CHECK_CLAUSE AS clause
           FROM information_schema.CHECK_CONSTRAINTS
          WHERE CONSTRAINT_SCHEMA = DATABASE() AND (? IS NULL OR TABLE_NAME = ?)`,
        [only ?? null, only ?? null],
      )
      .then(([rows]) => rows as { tableName: string; clause: string }[])
      .catch(() => []);
    for (const { tableName, clause } of checks) {
      const column = /^json_valid\((`(?:[^`]|``)+`)\)$/.exec(String(clause).trim());
      if (!column) continue;
      const columns = json.get(tableName) ?? new Set<string>();
      json.set(tableName, columns.add(column[1]!));
    }
    return json;
  }

  protected async withSession<T>(
    statementTimeoutMs: number,
    work: (connection: Connection) => Promise<T>,
  ): Promise<T> {
    let connection: Connection | null = null;
    try {
      const address = await this.allowedAddress();
      const { database, user, password } = this.config;
      const open = (ssl: TlsOptions) =>
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
          // JSON as the source wrote it: a parsed scalar string would no longer be JSON.
          jsonStrings: true,
          timezone: 'Z',
        });
      connection = await this.openPerTlsMode(
        open,
        (error) => (error as { code?: string }).code === 'HANDSHAKE_NO_SSL_SUPPORT',
      );
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

  protected engineFailure(error: unknown, message: string): ConnectorError | undefined {
    const { code, errno } = error as { code?: string; errno?: number };
    if (code === 'ER_ACCESS_DENIED_ERROR' || errno === 1045) return this.authenticationFailed();
    if (code === 'ER_BAD_DB_ERROR' || errno === 1049) return this.databaseNotFound();
    if (code === 'HANDSHAKE_NO_SSL_SUPPORT')
      return new ConnectorError('tls', 'The server does not offer TLS: choose TLS mode "disable".');
    if (errno === 3159 || /secure transport/i.test(message)) return this.tlsRequired();
    return undefined;
  }
}
