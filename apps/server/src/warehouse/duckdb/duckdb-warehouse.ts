import type { DuckDBConnection } from '@duckdb/node-api';
import { createTableStatements } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { KeyedLock } from '../engine/keyed-lock.js';
import { noteLoadSwap } from '../loading/load-swaps.js';
import { rebatch } from '../engine/rebatch.js';
import { inTransactionOn } from '../engine/transaction.js';
import { nextTableName, type BatchSource, type TableSchema } from '../engine/table-schema.js';
import type {
  CompiledQuery,
  CsvLoadOptions,
  StreamOptions,
  Warehouse,
  WarehouseRow,
  WarehouseValue,
} from '../engine/warehouse.js';
import { appendBatches } from './duckdb-appender.js';
import { copyToCsv } from './duckdb-csv-export.js';
import { insertFromCsvSql, insertFromSniffedCsvSql } from './duckdb-csv-import.js';
import { DuckDBDatabases, type DuckDBOptions } from './duckdb-databases.js';
import { duckdbDialect } from './duckdb-dialect.js';
import { params, types } from './duckdb-params.js';
import { convertDuckDBValue, jsonColumnParser } from './duckdb-values.js';

/** The embedded default (docs/architecture.md §5): one DuckDB file per organization. */
export class DuckDBWarehouse implements Warehouse {
  readonly dialect = duckdbDialect;
  private readonly databases: DuckDBDatabases;
  private readonly writes = new KeyedLock();

  constructor(options: DuckDBOptions) {
    this.databases = new DuckDBDatabases(options);
  }

  /** The organization's database file (null when kept in memory). */
  fileOf(orgId: string): string | null {
    return this.databases.fileOf(orgId);
  }

  async query(orgId: string, query: CompiledQuery): Promise<WarehouseRow[]> {
    return this.withConnection(orgId, async (connection) => {
      const reader = await connection.runAndReadAll(query.sql, params(query), types(query));
      const parseJson = jsonColumnParser(reader.deduplicatedColumnNames(), reader.columnTypes());
      return parseJson(reader.convertRowObjects<WarehouseValue>(convertDuckDBValue));
    });
  }

  async *stream(orgId: string, query: CompiledQuery, options: StreamOptions = {}) {
    const connection = await this.databases.connect(orgId);
    try {
      const result = await connection.stream(query.sql, params(query), types(query));
      const parseJson = jsonColumnParser(result.deduplicatedColumnNames(), result.columnTypes());
      const chunks = result.yieldConvertedRowObjects<WarehouseValue>(convertDuckDBValue);
      for await (const batch of rebatch(chunks, options.batchSize ?? 2048)) {
        yield parseJson(batch);
      }
    } finally {
      connection.closeSync();
    }
  }

  async *exportCsv(orgId: string, query: CompiledQuery): AsyncGenerator<Buffer> {
    const connection = await this.databases.connect(orgId);
    try {
      yield* copyToCsv(connection, query);
    } finally {
      connection.closeSync();
    }
  }

  async hasTable(orgId: string, name: string): Promise<boolean> {
    if (!this.databases.exists(orgId)) return false;
    const rows = await this.query(orgId, {
      sql: "SELECT 1 AS found FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = $1",
      params: [name],
    });
    return rows.length > 0;
  }

  async listTables(orgId: string, prefix: string): Promise<string[]> {
    if (!this.databases.exists(orgId)) return [];
    const rows = await this.query(orgId, {
      sql:
        "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' " +
        'AND starts_with(table_name, $1) ORDER BY table_name',
      params: [prefix],
    });
    return rows.map((row) => row.table_name as string);
  }

  createTable(orgId: string, schema: TableSchema): Promise<void> {
    const statements = createTableStatements(this.dialect, orgId, schema);
    return this.execute(
      orgId,
      statements.map((sql) => ({ sql, params: [] })),
    );
  }

  bulkLoad(orgId: string, schema: TableSchema, batches: BatchSource): Promise<number> {
    return this.write(orgId, (connection) => appendBatches(connection, schema, batches));
  }

  /** DuckDB's reader reads a pipe front to back when every column is typed (ADR 0027). */
  readonly readsCsvWhileWritten = true;

  /** DuckDB's reader takes any dialect: an upload loads straight from its file (ADR 0018). */
  readonly readsSniffedCsv = true;

  loadCsvFile(
    orgId: string,
    schema: TableSchema,
    file: string,
    options: CsvLoadOptions = {},
  ): Promise<number> {
    const { sniffed, signal } = options;
    const sql = sniffed
      ? insertFromSniffedCsvSql(this.dialect, schema, file, sniffed)
      : insertFromCsvSql(this.dialect, schema, file);
    return this.write(orgId, async (connection) => {
      signal?.throwIfAborted();
      const interrupt = () => connection.interrupt();
      signal?.addEventListener('abort', interrupt);
      try {
        const reader = await connection.runAndReadAll(sql);
        return Number(reader.getRows()[0]?.[0] ?? 0);
      } finally {
        signal?.removeEventListener('abort', interrupt);
      }
    });
  }

  execute(orgId: string, statements: readonly CompiledQuery[]): Promise<void> {
    return this.inTransaction(orgId, async (connection) => {
      for (const statement of statements)
        await connection.run(statement.sql, params(statement), types(statement));
    });
  }

  async swapTables(orgId: string, names: readonly string[]): Promise<void> {
    // DuckDB's DDL is transactional: readers on other connections keep the old catalog
    // until COMMIT and see the new one after it.
    await this.inTransaction(orgId, async (connection) => {
      for (const name of names) {
        await connection.run(`DROP TABLE IF EXISTS ${quoteIdentifier(name)}`);
        await connection.run(
          `ALTER TABLE ${quoteIdentifier(nextTableName(name))} RENAME TO ${quoteIdentifier(name)}`,
        );
      }
    });
    noteLoadSwap();
  }

  async dropOrganization(orgId: string): Promise<void> {
    await this.writes.run(orgId, () => this.databases.remove(orgId));
    noteLoadSwap();
  }

  close(): Promise<void> {
    return this.databases.closeAll();
  }

  private inTransaction(orgId: string, work: (connection: DuckDBConnection) => Promise<void>) {
    return this.write(orgId, (connection) =>
      inTransactionOn(
        (sql) => connection.run(sql),
        () => work(connection),
      ),
    );
  }

  private write<T>(orgId: string, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.writes.run(orgId, () => this.withConnection(orgId, work));
  }

  private async withConnection<T>(
    orgId: string,
    work: (connection: DuckDBConnection) => Promise<T>,
  ) {
    const connection = await this.databases.connect(orgId);
    try {
      return await work(connection);
    } finally {
      connection.closeSync();
    }
  }
}
