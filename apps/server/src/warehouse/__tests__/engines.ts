import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBWarehouse } from '../duckdb/duckdb-warehouse.js';
import type { Warehouse } from '../engine/warehouse.js';
import { PostgresWarehouse } from '../postgres/postgres-warehouse.js';

export interface TestEngine {
  name: 'duckdb' | 'postgres';
  open(): { warehouse: Warehouse; cleanup: () => Promise<void> };
}

const duckdb: TestEngine = {
  name: 'duckdb',
  open() {
    const directory = mkdtempSync(path.join(tmpdir(), 'revlane-warehouse-'));
    const warehouse = new DuckDBWarehouse({ directory, memoryLimit: '512MB', threads: 2 });
    return {
      warehouse,
      async cleanup() {
        await warehouse.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  },
};

const postgresUrl = process.env.TEST_DATABASE_URL;

const postgres: TestEngine = {
  name: 'postgres',
  open() {
    // Each test file works in organizations of its own (one schema each) and drops them.
    const warehouse = new PostgresWarehouse({ url: postgresUrl!, maxConnections: 5 });
    return { warehouse, cleanup: () => warehouse.close() };
  },
};

/** DuckDB always; PostgreSQL when TEST_DATABASE_URL names a server. */
export const TEST_ENGINES: TestEngine[] = postgresUrl ? [duckdb, postgres] : [duckdb];
export const hasPostgres = Boolean(postgresUrl);
export const duckdbEngine = duckdb;
export const postgresEngine = postgres;

export const newOrgId = (): string => randomUUID();
