import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBWarehouse } from '../duckdb/duckdb-warehouse.js';
import { afterAll, beforeAll } from 'vitest';
import type { Warehouse } from '../engine/warehouse.js';
import { loadCanonicalData } from '../loading/load-canonical-data.js';
import { PostgresWarehouse } from '../postgres/postgres-warehouse.js';
import { AS_OF, handMadeBatches } from './hand-made-data.js';

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

/**
 * The engine's warehouse for the tests of one `describe` (vitest hooks) with the hand-made
 * data (`batches`) loaded as AS_OF into an organization of its own, dropped afterwards; read
 * `warehouse` inside tests and hooks registered after this call.
 */
export function useHandMadeWarehouse(engine: TestEngine, batches = handMadeBatches) {
  const loaded = { orgId: newOrgId() } as { orgId: string; warehouse: Warehouse };
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ warehouse: loaded.warehouse, cleanup } = engine.open());
    await loadCanonicalData(loaded.warehouse, loaded.orgId, batches(), { asOf: AS_OF });
  });
  afterAll(async () => {
    await loaded.warehouse.dropOrganization(loaded.orgId);
    await cleanup();
  });
  return loaded;
}
