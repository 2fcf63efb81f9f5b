import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  ConnectorError,
  type ExtractOptions,
  type ExtractResult,
} from '../../integrations/index.js';
import { csvRowCounter } from './csv-row-counter.js';
import { catalogueTables, DatabaseConnector } from './database-connector.js';
import { planPostgresColumn, settlePlans, type PgColumn } from './postgres-columns.js';
import {
  CONNECT_TIMEOUT_MS,
  SYNC_STATEMENT_TIMEOUT_MS,
  type TlsOptions,
} from './database-session.js';

/**
 * A PostgreSQL source: read-only sessions (`default_transaction_read_only`) with connect and
 * statement timeouts, TLS per mode, and tables streamed with `COPY (SELECT …) TO STDOUT` in
 * CSV straight into the load file. Table and column names come from the source's own
 * catalogue (discovery), quoted by the driver; values are literals escaped by the driver.
 */
export class PostgresConnector extends DatabaseConnector<pg.Client, PgColumn> {
  private readonly schema = this.config.schema ?? 'public';
  protected readonly namespace = this.schema;
  protected readonly defaultPort = 5432;

  protected async firstRows(client: pg.Client, table: string, limit: number) {
    const result = await client.query<Record<string, unknown>>(
      `SELECT * FROM ${this.qualified(client, table)} LIMIT ${limit}`,
    );
    return result.rows;
  }

  async extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult> {
    return this.withSession(SYNC_STATEMENT_TIMEOUT_MS, async (client) => {
      // One snapshot for the cursor's bound and the rows: nothing slips in between.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const columns = await this.columnsOf(client, table);
      const source = this.qualified(client, table);
      let where = '';
      let condition = 'true';
      let cursor: string | null = null;
      if (options.cursor) {
        const column = this.cursorColumnOf(columns, table, options.cursor.column);
        const quoted = client.escapeIdentifier(column.name);
        const max = await client.query<{ max: string | null }>(
          `SELECT max(${quoted})::text AS max FROM ${source}`,
        );
        cursor = max.rows[0]?.max ?? options.cursor.after;
        const conditions = [`${quoted} <= ${client.escapeLiteral(cursor ?? '')}`];
        if (options.cursor.after !== null)
          conditions.push(`${quoted} > ${client.escapeLiteral(options.cursor.after)}`);
        condition = cursor === null ? 'false' : conditions.join(' AND ');
        where = ` WHERE ${condition}`;
      }
      const quote = (name: string) => client.escapeIdentifier(name);
      const { plans, warnings } = await settlePlans(
        this.extractedColumnsOf(columns, options).map(planPostgresColumn),
        quote,
        condition,
        async (aggregates) => {
          const result = await client.query<unknown[]>({
            text: `SELECT ${aggregates} FROM ${source}`,
            rowMode: 'array',
          });
          return result.rows[0] ?? [];
        },
      );
      const select = plans
        .map((plan) => `${plan.select(quote(plan.column.name))} AS ${quote(plan.column.name)}`)
        .join(', ');
      const extracted = this.describeColumns(
        plans.map((plan) => plan.column),
        options,
      );
      const copy = client.query(
        copyTo(
          `COPY (SELECT ${select} FROM ${source}${where}) TO STDOUT (FORMAT csv, HEADER true)`,
        ),
      );
      const counter = csvRowCounter((rows) => options.onProgress(rows));
      await pipeline(copy, counter, createWriteStream(file), { signal: options.signal });
      await client.query('COMMIT');
      return { columns: extracted, rows: counter.rows(), cursor, warnings };
    });
  }

  private qualified(client: pg.Client, table: string) {
    return `${client.escapeIdentifier(this.schema)}.${client.escapeIdentifier(table)}`;
  }

  protected async tablesOf(client: pg.Client, only?: string) {
    // A domain reads as its base type (and the domain's own modifier, if it sets one).
    const result = await client.query<PgColumn & { table: string; estimate: string }>(
      `SELECT c.relname AS table, c.reltuples::bigint::text AS estimate, a.attname AS name,
              format_type(a.atttypid, a.atttypmod) AS type, b.typname AS base,
              b.typcategory AS category, e.typname AS element,
              CASE WHEN t.typtype = 'd' AND t.typtypmod >= 0 THEN t.typtypmod
                   ELSE a.atttypmod END AS typmod
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         JOIN pg_type t ON t.oid = a.atttypid
         JOIN pg_type b ON b.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END
         LEFT JOIN pg_type e ON e.oid = b.typelem AND b.typcategory = 'A'
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
          AND ($2::text IS NULL OR c.relname = $2)
          AND has_table_privilege(c.oid, 'SELECT')
        ORDER BY c.relname, a.attnum`,
      [this.schema, only ?? null],
    );
    return catalogueTables(result.rows, (row) => {
      const estimate = Number(row.estimate);
      return {
        table: row.table,
        // -1: never analysed, so PostgreSQL does not know.
        estimate: estimate >= 0 ? estimate : null,
        column: {
          name: row.name,
          type: row.type,
          base: row.base,
          category: row.category,
          typmod: Number(row.typmod),
          element: row.element,
        },
      };
    });
  }

  protected async withSession<T>(
    statementTimeoutMs: number,
    work: (client: pg.Client) => Promise<T>,
  ): Promise<T> {
    const client = await this.connect(statementTimeoutMs);
    try {
      return await work(client);
    } catch (error) {
      throw this.explain(error);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private async connect(statementTimeoutMs: number): Promise<pg.Client> {
    const { database, user, password } = this.config;
    let address: string;
    try {
      address = await this.allowedAddress();
    } catch (error) {
      throw this.explain(error);
    }
    const open = async (ssl: TlsOptions) => {
      const client = new pg.Client({
        host: address,
        port: this.port,
        database,
        user,
        password,
        ssl,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        statement_timeout: statementTimeoutMs,
        application_name: 'revlane',
        options: '-c default_transaction_read_only=on -c TimeZone=UTC -c DateStyle=ISO',
      });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };
    try {
      return await this.openPerTlsMode(open, (error) =>
        /does not support SSL/i.test(String(error)),
      );
    } catch (error) {
      throw this.explain(error);
    }
  }

  protected engineFailure(error: unknown, message: string): ConnectorError | undefined {
    const { user } = this.config;
    const code = (error as { code?: unknown }).code;
    if (code === '28P01' || /password authentication failed/i.test(message))
      return this.authenticationFailed();
    if (/no encryption/i.test(message) || /SSL.*required|requires? (SSL|TLS)/i.test(message))
      return this.tlsRequired();
    if (/does not support SSL/i.test(message))
      return new ConnectorError(
        'tls',
        'The server does not offer TLS: choose TLS mode "disable" or "prefer".',
      );
    if (/self[- ]signed|certificate|altnames/i.test(message))
      return new ConnectorError(
        'tls',
        `The server's TLS certificate could not be verified (${message}); choose TLS mode "require" to skip verification.`,
      );
    if (code === '3D000') return this.databaseNotFound();
    if (code === '28000')
      return new ConnectorError('authentication', `Access denied for user "${user}": ${message}`);
    if (code === '57014')
      return new ConnectorError(
        'timeout',
        'The source took too long to answer (statement timeout).',
      );
    return undefined;
  }
}
