import pg from 'pg';
import { csvLine } from '../engine/csv-encoding.js';
import { createTableStatements } from '../engine/dialect.js';
import { quoteIdentifier, schemaNameFor } from '../engine/identifiers.js';
import { KeyedLock } from '../engine/keyed-lock.js';
import { inTransactionOn } from '../engine/transaction.js';
import { noteLoadSwap } from '../loading/load-swaps.js';
import { nextTableName, type BatchSource, type TableSchema } from '../engine/table-schema.js';
import type {
  CompiledQuery,
  CsvLoadOptions,
  StreamOptions,
  Warehouse,
  WarehouseRow,
} from '../engine/warehouse.js';
import { copyBatches, copyCsvFile } from './postgres-copy.js';
import { streamWithCursor } from './postgres-cursor.js';
import { postgresDialect } from './postgres-dialect.js';
import {
  DESCRIBE_COLUMNS_SQL,
  describedColumns,
  type ColumnRow,
} from '../engine/describe-table.js';
import { readIndexStatements } from './postgres-read-indexes.js';
import { swapStatements, withLockRetries } from './postgres-swap.js';
import { warehouseTypes } from './postgres-types.js';

export interface PostgresWarehouseOptions {
  url: string;
  maxConnections?: number;
}

/** The advisory lock of an organization's writes: `hashtextextended` of this and its id. */
const WRITES_LOCK = 'warehouse-writes';

/** The scale-out engine (docs/architecture.md §5): one schema `org_<uuid>` per organization, pooled. */
export class PostgresWarehouse implements Warehouse {
  readonly dialect = postgresDialect;
  private readonly pool: pg.Pool;
  /** This process's queue for `writeTurn`: one connection waits per organization, not one per write. */
  private readonly writes = new KeyedLock();

  constructor(options: PostgresWarehouseOptions) {
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      types: warehouseTypes,
    });
  }

  async query(_orgId: string, query: CompiledQuery): Promise<WarehouseRow[]> {
    // The org scope is in the SQL: the compiler qualified every table with the org's schema.
    const result = await this.pool.query<WarehouseRow>({
      text: query.sql,
      values: [...query.params],
    });
    return result.rows;
  }

  stream(_orgId: string, query: CompiledQuery, options: StreamOptions = {}) {
    return streamWithCursor(this.pool, query, options.batchSize ?? 2048);
  }

  async *exportCsv(_orgId: string, query: CompiledQuery): AsyncGenerator<Buffer> {
    // COPY cannot take bound parameters, so rows come through the cursor and are written
    // here, to the same bytes DuckDB's COPY writes.
    for await (const rows of streamWithCursor(this.pool, query, 5000)) {
      const names = Object.keys(rows[0] ?? {});
      const lines = rows.map((row) => csvLine(names.map((name) => row[name] as string | null)));
      yield Buffer.from(lines.join(''));
    }
  }

  async hasTable(orgId: string, name: string): Promise<boolean> {
    const result = await this.pool.query(
      'SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2',
      [schemaNameFor(orgId), name],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async listTables(orgId: string, prefix: string): Promise<string[]> {
    const result = await this.pool.query<{ table_name: string }>(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ' +
        'AND left(table_name, length($2)) = $2 ORDER BY table_name',
      [schemaNameFor(orgId), prefix],
    );
    return result.rows.map((row) => row.table_name);
  }

  createTable(orgId: string, schema: TableSchema): Promise<void> {
    const statements = [
      `CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schemaNameFor(orgId))}`,
      ...createTableStatements(this.dialect, orgId, schema),
    ];
    if (schema.primaryKey) {
      // Named after the table so a swap can rename it along (index names are per schema).
      statements.push(
        `ALTER TABLE ${this.dialect.table(orgId, schema.name)} ADD CONSTRAINT ` +
          `${quoteIdentifier(`${schema.name}_pkey`)} PRIMARY KEY (${quoteIdentifier(schema.primaryKey)})`,
      );
    }
    return this.execute(
      orgId,
      statements.map((sql) => ({ sql, params: [] })),
    );
  }

  bulkLoad(orgId: string, schema: TableSchema, batches: BatchSource): Promise<number> {
    return this.copyInto(orgId, schema, (client, table) =>
      copyBatches(client, table, schema, batches),
    );
  }

  /** Loads read a finished file (the pipe is not measured on PostgreSQL; ADR 0027). */
  readonly readsCsvWhileWritten = false;

  /** COPY reads one dialect: sources rewrite their file into it first (ADR 0018). */
  readonly readsSniffedCsv = false;

  loadCsvFile(
    orgId: string,
    schema: TableSchema,
    file: string,
    options: CsvLoadOptions = {},
  ): Promise<number> {
    if (options.sniffed)
      return Promise.reject(new Error('The PostgreSQL warehouse loads only the load format'));
    return this.copyInto(orgId, schema, (client, table) =>
      copyCsvFile(client, table, schema, file),
    );
  }

  /** A COPY into the table, then fresh statistics (else the planner guesses on a new table). */
  private copyInto(
    orgId: string,
    schema: TableSchema,
    copy: (client: pg.PoolClient, table: string) => Promise<number>,
  ): Promise<number> {
    return this.writeTurn(orgId, async (client) => {
      const table = this.dialect.table(orgId, schema.name);
      const rows = await copy(client, table);
      await client.query(`ANALYZE ${table}`);
      return rows;
    });
  }

  execute(orgId: string, statements: readonly CompiledQuery[]): Promise<void> {
    return this.writeTurn(orgId, (client) =>
      this.inTransaction(client, async () => {
        for (const statement of statements) {
          await client.query({ text: statement.sql, values: [...statement.params] });
        }
      }),
    );
  }

  async swapTables(orgId: string, names: readonly string[]): Promise<void> {
    await this.writeTurn(orgId, async (client) => {
      await this.prepareForReads(client, orgId, names);
      const indexes = await this.indexesOf(client, orgId, names.map(nextTableName));
      const statements = swapStatements(
        orgId,
        names,
        nextTableName,
        (next) => indexes.get(next) ?? [],
      );
      await withLockRetries(() =>
        this.inTransaction(client, async () => {
          for (const sql of statements) await client.query(sql);
        }),
      );
    });
    noteLoadSwap();
  }

  /**
   * Before the wide segment tables go live: their read indexes, and statistics (they were
   * filled by INSERT … SELECT, so the planner has never seen them and would not use an index).
   */
  private prepareForReads(
    client: pg.PoolClient,
    orgId: string,
    names: readonly string[],
  ): Promise<void> {
    return this.inTransaction(client, async () => {
      await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const name of names) {
        const built = nextTableName(name);
        const indexes = readIndexStatements(
          orgId,
          name,
          built,
          await this.builtColumns(client, orgId, built),
        );
        if (indexes.length === 0) continue;
        for (const sql of indexes) await client.query(sql);
        await client.query(`ANALYZE ${this.dialect.table(orgId, built)}`);
      }
    });
  }

  /** The columns of a table as built (a wide segment table has the organization's own). */
  private async builtColumns(client: pg.PoolClient, orgId: string, table: string) {
    const { rows } = await client.query<ColumnRow>(DESCRIBE_COLUMNS_SQL, [
      schemaNameFor(orgId),
      table,
    ]);
    return describedColumns(rows);
  }

  /** Index names of the tables about to be swapped in, so the swap renames each with its table. */
  private async indexesOf(
    client: pg.PoolClient,
    orgId: string,
    tables: readonly string[],
  ): Promise<Map<string, string[]>> {
    const { rows } = await client.query<{ tablename: string; indexname: string }>(
      `SELECT tablename, indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = ANY($2)`,
      [schemaNameFor(orgId), tables],
    );
    const byTable = new Map<string, string[]>();
    for (const row of rows)
      byTable.set(row.tablename, [...(byTable.get(row.tablename) ?? []), row.indexname]);
    return byTable;
  }

  async dropOrganization(orgId: string): Promise<void> {
    await this.writeTurn(orgId, async (client) => {
      await client.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schemaNameFor(orgId))} CASCADE`);
    });
    noteLoadSwap();
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  /**
   * One organization's writes take turns across every process on this warehouse (ADR 0035):
   * in this process first, then a session advisory lock on the connection `work` runs on, so
   * the turn costs no second connection and a killed process's turn ends with its connection.
   */
  private writeTurn<T>(orgId: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.writes.run(orgId, async () => {
      const lockId = [`${WRITES_LOCK}:${orgId}`];
      const client = await this.pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', lockId);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      try {
        return await work(client);
      } finally {
        // Unlocked, or the connection destroyed: a pooled connection must not keep the lock.
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', lockId).then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
      }
    });
  }

  private inTransaction(client: pg.PoolClient, work: () => Promise<void>): Promise<void> {
    return inTransactionOn((sql) => client.query(sql), work);
  }
}
