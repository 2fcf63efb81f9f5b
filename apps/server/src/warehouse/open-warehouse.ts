import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DuckDBWarehouse } from './duckdb/duckdb-warehouse.js';
import type { Warehouse } from './engine/warehouse.js';
import { PostgresWarehouse } from './postgres/postgres-warehouse.js';

export interface WarehouseSettings {
  /** `WAREHOUSE_URL`: a PostgreSQL URL selects the PostgreSQL warehouse. */
  warehouseUrl?: string | undefined;
  /** `REVLANE_DATA_DIR`: DuckDB files live in `<dataDir>/warehouse/<orgId>.duckdb`. */
  dataDir: string;
  /** DuckDB, per organization (default 2GB). */
  memoryLimit?: string;
  /** DuckDB, per organization (default: every core). */
  threads?: number;
}

export type WarehouseKind = 'duckdb' | 'postgres';

export function warehouseKindFor(settings: Pick<WarehouseSettings, 'warehouseUrl'>): WarehouseKind {
  if (!settings.warehouseUrl) return 'duckdb';
  const protocol = new URL(settings.warehouseUrl).protocol;
  if (protocol === 'postgres:' || protocol === 'postgresql:') return 'postgres';
  throw new Error(`WAREHOUSE_URL: unsupported scheme ${protocol} (use postgres://)`);
}

/** The warehouse the configuration asks for (docs/architecture.md §5): DuckDB files unless WAREHOUSE_URL is set. */
export function openWarehouse(settings: WarehouseSettings): Warehouse {
  if (warehouseKindFor(settings) === 'postgres') {
    return new PostgresWarehouse({ url: settings.warehouseUrl! });
  }
  return new DuckDBWarehouse({
    directory: path.join(settings.dataDir, 'warehouse'),
    memoryLimit: settings.memoryLimit ?? '2GB',
    threads: settings.threads ?? availableParallelism(),
  });
}
