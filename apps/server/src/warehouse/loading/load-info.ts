import { randomUUID } from 'node:crypto';
import { parseCustomColumns } from '../catalogue/custom-columns.js';
import { OrgCatalogue, type DataOptions } from '../catalogue/org-catalogue.js';
import { nextTableName } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { LOAD_INFO_TABLE } from '../model/load-info-table.js';
import { parseScoreDefinitions } from '../scores/score-definitions-store.js';

export interface LoadInfo {
  loadId: string;
  loadedAt: string;
  asOf: string;
  /**
   * The organization's catalogue for this load: built-in columns, its custom ones and the
   * columns of the scores the load computed.
   */
  catalogue: OrgCatalogue;
}

/**
 * Writes `load_info__next` for a load about to be swapped in, with its catalogue: the custom
 * columns, the data's options of built-in enums and the score definitions it computed, as
 * `{ custom, dataOptions, scores }` (a load recorded before data options has the custom
 * columns' list alone, one before scores no `scores`).
 */
export async function writeNextLoadInfo(
  warehouse: Warehouse,
  orgId: string,
  asOf: number,
  catalogue: OrgCatalogue,
) {
  const next = { ...LOAD_INFO_TABLE, name: nextTableName(LOAD_INFO_TABLE.name) };
  const recorded = JSON.stringify({
    custom: catalogue.custom,
    dataOptions: catalogue.dataOptions,
    scores: catalogue.scores,
  });
  await warehouse.createTable(orgId, next);
  await warehouse.bulkLoad(orgId, next, [
    { rowCount: 1, columns: [[randomUUID()], [Date.now()], [asOf], [recorded]] },
  ]);
}

/** The catalogue recorded with a load, in either form (see writeNextLoadInfo). */
function recordedCatalogue(value: unknown): OrgCatalogue {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (Array.isArray(parsed)) return new OrgCatalogue(parseCustomColumns(parsed));
  const { custom, dataOptions, scores } = (parsed ?? {}) as {
    custom?: unknown;
    dataOptions?: unknown;
    scores?: unknown;
  };
  return new OrgCatalogue(
    parseCustomColumns(custom ?? []),
    parseDataOptions(dataOptions),
    parseScoreDefinitions(scores),
  );
}

/** Data options as recorded, keeping only lists of strings under known tables. */
function parseDataOptions(value: unknown): DataOptions {
  if (typeof value !== 'object' || value === null) return {};
  const options: DataOptions = {};
  for (const table of ['accounts', 'users'] as const) {
    const columns = (value as Record<string, unknown>)[table];
    if (typeof columns !== 'object' || columns === null) continue;
    for (const [name, list] of Object.entries(columns))
      if (Array.isArray(list) && list.every((item) => typeof item === 'string'))
        (options[table] ??= {})[name] = list;
  }
  return options;
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
    catalogue: recordedCatalogue(row.custom_columns ?? []),
  };
}

/** The catalogue of the organization's current load (built-in only before any load). */
export async function readCatalogue(warehouse: Warehouse, orgId: string): Promise<OrgCatalogue> {
  return (await readLoadInfo(warehouse, orgId))?.catalogue ?? new OrgCatalogue();
}
