import { randomUUID } from 'node:crypto';
import { nextTableName } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { LOAD_INFO_TABLE } from '../model/load-info-table.js';

export interface LoadInfo {
  loadId: string;
  loadedAt: string;
  asOf: string;
}

/** Writes `load_info__next` for a load about to be swapped in. */
export async function writeNextLoadInfo(warehouse: Warehouse, orgId: string, asOf: number) {
  const next = { ...LOAD_INFO_TABLE, name: nextTableName(LOAD_INFO_TABLE.name) };
  await warehouse.createTable(orgId, next);
  await warehouse.bulkLoad(orgId, next, [
    { rowCount: 1, columns: [[randomUUID()], [Date.now()], [asOf]] },
  ]);
}

/** The load a reader sees now, or null before the first load has finished. */
export async function readLoadInfo(warehouse: Warehouse, orgId: string): Promise<LoadInfo | null> {
  if (!(await warehouse.hasTable(orgId, LOAD_INFO_TABLE.name))) return null;
  const [row] = await warehouse.query(orgId, {
    sql: `SELECT load_id, loaded_at, as_of FROM ${warehouse.dialect.table(orgId, LOAD_INFO_TABLE.name)}`,
    params: [],
  });
  if (!row) return null;
  return {
    loadId: row.load_id as string,
    loadedAt: row.loaded_at as string,
    asOf: row.as_of as string,
  };
}
