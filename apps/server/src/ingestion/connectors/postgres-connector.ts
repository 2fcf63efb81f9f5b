import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  resolveAllowedHost,
  type OutboundPolicy,
} from '../../platform/outbound/outbound-policy.js';
import type { LogicalType } from '../../warehouse/index.js';
import {
  ConnectorError,
  type ExtractOptions,
  type ExtractResult,
  networkFailure,
} from '../../integrations/index.js';
import { csvRowCounter } from './csv-row-counter.js';
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
  int2: 'bigint',
  int4: 'bigint',
  int8: 'bigint',
  oid: 'bigint',
  float4: 'double',
  float8: 'double',
  numeric: 'double',
  bool: 'boolean',
  date: 'timestamp',
  timestamp: 'timestamp',
  timestamptz: 'timestamp',
};

interface PgColumn extends CatalogueColumn {
  typname: string;
}

/**
 * A PostgreSQL source: read-only sessions (`default_transaction_read_only`) with connect and
 * statement timeouts, TLS per mode, and tables streamed with `COPY (SELECT …) TO STDOUT` in
 * CSV straight into the load file. Table and column names come from the source's own
 * catalogue (discovery), quoted by the driver; values are literals escaped by the driver.
 */
export class PostgresConnector extends DatabaseConnector<pg.Client, PgColumn> {
  private readonly schema: string;
  protected readonly namespace: string;

  constructor(
    private readonly config: DatabaseSourceConfig,
    private readonly policy: OutboundPolicy,
  ) {
    super();
    this.schema = config.schema ?? 'public';
    this.namespace = this.schema;
  }

  private get port() {
    return this.config.port ?? 5432;
  }

  protected async firstRows(client: pg.Client, table: string, limit: number) {
    const result = await client.query<Record<string, unknown>>(
      `SELECT * FROM ${this.qualified(client, table)} LIMIT ${limit}`,
    );
    return result.rows;
  }

  /** The columns come from the catalog before `COPY` starts (a pipe may be the file). */
  readonly describesBeforeWriting = true;

  async extract(table: string, file: string, options: ExtractOptions): Promise<ExtractResult> {
    return this.withSession(SYNC_STATEMENT_TIMEOUT_MS, async (client) => {
      // One snapshot for the cursor's bound and the rows: nothing slips in between.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const columns = await this.columnsOf(client, table);
      const source = this.qualified(client, table);
      let where = '';
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
        where = cursor === null ? ' WHERE false' : ` WHERE ${conditions.join(' AND ')}`;
      }
      const select = columns
        .map((column) => {
          const quoted = client.escapeIdentifier(column.name);
          // Instants land as UTC timestamps; other types print as COPY prints them.
          return column.typname === 'timestamptz' ? `(${quoted} AT TIME ZONE 'UTC')` : quoted;
        })
        .join(', ');
      const extracted = columns.map((column) => ({
        name: column.name,
        sourceType: column.type,
        type: LOGICAL_TYPES[column.typname] ?? 'text',
      }));
      options.onColumns?.(extracted);
      const copy = client.query(
        copyTo(
          `COPY (SELECT ${select} FROM ${source}${where}) TO STDOUT (FORMAT csv, HEADER true)`,
        ),
      );
      const counter = csvRowCounter((rows) => options.onProgress(rows));
      await pipeline(copy, counter, createWriteStream(file), { signal: options.signal });
      await client.query('COMMIT');
      return { columns: extracted, rows: counter.rows(), cursor };
    });
  }

  private qualified(client: pg.Client, table: string) {
    return `${client.escapeIdentifier(this.schema)}.${client.escapeIdentifier(table)}`;
  }

  protected async tablesOf(client: pg.Client, only?: string) {
    const result = await client.query<PgColumn & { table: string; estimate: string }>(
      `SELECT c.relname AS table, c.reltuples::bigint::text AS estimate, a.attname AS name,
              format_type(a.atttypid, a.atttypmod) AS type, t.typname
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         JOIN pg_type t ON t.oid = a.atttypid
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
          AND ($2::text IS NULL OR c.relname = $2)
          AND has_table_privilege(c.oid, 'SELECT')
        ORDER BY c.relname, a.attnum`,
      [this.schema, only ?? null],
    );
    const tables = new Map<string, CatalogueTable<PgColumn>>();
    for (const row of result.rows) {
      let table = tables.get(row.table);
      if (!table) {
        const estimate = Number(row.estimate);
        // -1: never analysed, so PostgreSQL does not know.
        table = { estimate: estimate >= 0 ? estimate : null, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({ name: row.name, type: row.type, typname: row.typname });
    }
    return tables;
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
    const { host, database, user, password, tlsMode } = this.config;
    let address: string;
    try {
      address = await resolveAllowedHost(host, this.policy);
    } catch (error) {
      throw this.explain(error);
    }
    const open = async (ssl: ReturnType<typeof tlsOptionsFor>) => {
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
      return await open(tlsOptionsFor(tlsMode, host));
    } catch (error) {
      if (tlsMode === 'prefer' && /does not support SSL/i.test(String(error))) {
        try {
          return await open(false);
        } catch (plainError) {
          throw this.explain(plainError);
        }
      }
      throw this.explain(error);
    }
  }

  /** A driver or network error as what the user should fix; never the password. */
  private explain(error: unknown): unknown {
    if (error instanceof ConnectorError) return error;
    const { host, user, database } = this.config;
    const network = networkFailure(error, { host, port: this.port });
    if (network) return network;
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === '28P01' || /password authentication failed/i.test(message))
      return new ConnectorError(
        'authentication',
        `Authentication failed for user "${user}": check the user name and password.`,
      );
    if (/no encryption/i.test(message) || /SSL.*required|requires? (SSL|TLS)/i.test(message))
      return new ConnectorError(
        'tls',
        'TLS required: the server accepts only encrypted connections; choose TLS mode "require".',
      );
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
    if (code === '3D000')
      return new ConnectorError('not_found', `Database "${database}" does not exist.`);
    if (code === '28000')
      return new ConnectorError('authentication', `Access denied for user "${user}": ${message}`);
    if (code === '57014')
      return new ConnectorError(
        'timeout',
        'The source took too long to answer (statement timeout).',
      );
    return error;
  }
}
