import { statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { schemaNameFor } from './engine/identifiers.js';
import { warehouseKindFor, type WarehouseSettings } from './open-warehouse.js';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** How much room an organization's warehouse takes: its DuckDB file, or its PostgreSQL schema. */
export async function describeWarehouseSize(
  settings: WarehouseSettings,
  orgId: string,
): Promise<string> {
  if (warehouseKindFor(settings) === 'duckdb') {
    const file = path.join(settings.dataDir, 'warehouse', `${orgId}.duckdb`);
    return `${megabytes(statSync(file).size)} (${file})`;
  }
  const client = new pg.Client({ connectionString: settings.warehouseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>(
      `SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind = 'r'`,
      [schemaNameFor(orgId)],
    );
    return `${megabytes(Number(rows[0]?.bytes ?? 0))} (schema ${schemaNameFor(orgId)})`;
  } finally {
    await client.end();
  }
}
