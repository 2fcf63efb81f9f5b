import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DuckDBWarehouse } from '../duckdb/duckdb-warehouse.js';
import { openWarehouse, warehouseKindFor } from '../open-warehouse.js';
import { PostgresWarehouse } from '../postgres/postgres-warehouse.js';

describe('openWarehouse (WAREHOUSE_URL)', () => {
  it('chooses DuckDB files unless a postgres:// URL is configured', () => {
    expect(warehouseKindFor({})).toBe('duckdb');
    expect(warehouseKindFor({ warehouseUrl: 'postgres://u@h:5432/db' })).toBe('postgres');
    expect(warehouseKindFor({ warehouseUrl: 'postgresql://u@h/db' })).toBe('postgres');
    expect(() => warehouseKindFor({ warehouseUrl: 'mysql://u@h/db' })).toThrow(
      'WAREHOUSE_URL: unsupported scheme mysql: (use postgres://)',
    );
  });

  it('keeps one DuckDB file per organization under <dataDir>/warehouse, created on first write', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-open-'));
    const warehouse = openWarehouse({ dataDir, memoryLimit: '256MB', threads: 1 });
    try {
      expect(warehouse).toBeInstanceOf(DuckDBWarehouse);
      const file = path.join(dataDir, 'warehouse', 'org-1.duckdb');
      expect(await warehouse.hasTable('org-1', 'accounts')).toBe(false);
      expect(existsSync(file)).toBe(false);
      await warehouse.createTable('org-1', {
        name: 't',
        columns: [{ name: 'n', type: 'integer' }],
      });
      expect(existsSync(file)).toBe(true);
    } finally {
      await warehouse.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('opens a pooled PostgreSQL warehouse lazily (no connection until used)', async () => {
    const warehouse = openWarehouse({
      warehouseUrl: 'postgres://nobody@127.0.0.1:1/none',
      dataDir: '/unused',
    });
    expect(warehouse).toBeInstanceOf(PostgresWarehouse);
    await warehouse.close();
  });
});
