import { randomUUID } from 'node:crypto';
import { parseCustomColumns, type CustomColumn } from '../catalogue/custom-columns.js';
import { OrgCatalogue } from '../catalogue/org-catalogue.js';
import { nextTableName } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { LOAD_INFO_TABLE } from '../model/load-info-table.js';

export interface LoadInfo {
  loadId: string;
  loadedAt: string;
  asOf: string;
  /** The organization's catalogue for this load: built-in columns and its custom ones. */
  catalogue: OrgCatalogue;
}

/** Writes `load_info__next` for a load about to be swapped in, with its custom columns. */
export async function writeNextLoadInfo(
  warehouse: Warehouse,
  orgId: string,
  asOf: number,
  custom: readonly CustomColumn[],
) {
  const next = { ...LOAD_INFO_TABLE, name: nextTableName(LOAD_INFO_TABLE.name) };
  await warehouse.createTable(orgId, next);
  await warehouse.bulkLoad(orgId, next, [
    { rowCount: 1, columns: [[randomUUID()], [Date.now()], [asOf], [JSON.stringify(custom)]] },
  ]);
}

/** The load a reader sees now, or null before the first load has finished. */
export async function readLoadInfo(warehouse: Warehouse, orgId: string): Promise<LoadInfo | null> {
  if (!(await warehouse.hasTable(orgId, LOAD_INFO_TABLE.name))) return null;
  // `*`: a load recorded before custom columns existed has no `custom_columns` (none then).
  const [row] = await warehouse.query(orgId, {
    sql: `SELECT * FROM ${warehouse.dialect.table(orgId, LOAD_INFO_TABLE.name)}`,
    params: [],
  });
  if (!row) return null;
  return {
    loadId: row.load_id as string,
    loadedAt: row.loaded_at as string,
    asOf: row.as_of as string,
    catalogue: new OrgCatalogue(parseCustomColumns(row.custom_columns ?? [])),
  };
}

/** The catalogue of the organization's current load (built-in only before any load). */
export async function readCatalogue(warehouse: Warehouse, orgId: string): Promise<OrgCatalogue> {
  return (await readLoadInfo(warehouse, orgId))?.catalogue ?? new OrgCatalogue();
}
