import { BASE_TABLES } from '@revlane/contracts';
import { nextTableName } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { accountMetricsInsert, userMetricsInsert } from '../metrics/metric-statements.js';
import { metricWindowsFor } from '../metrics/metric-windows.js';
import { segmentTableInsert } from '../metrics/segment-table-statements.js';
import { LOAD_INFO_TABLE } from '../model/load-info-table.js';
import {
  ACCOUNT_METRICS_TABLE,
  METRIC_TABLES,
  USER_METRICS_TABLE,
} from '../model/metric-tables.js';
import { SEGMENT_TABLE_NAMES, segmentTableSchema } from '../model/segment-tables.js';
import { writeNextLoadInfo } from './load-info.js';

/**
 * Derived tables, rebuilt and swapped with every load or refresh: the metrics, the wide
 * segment tables built from them, and the marker naming the load.
 */
export const DERIVED_TABLE_NAMES = [
  ...METRIC_TABLES.map((table) => table.name),
  ...BASE_TABLES.map((table) => SEGMENT_TABLE_NAMES[table]),
  LOAD_INFO_TABLE.name,
];

/** Source tables: the names to read canonical data from (`__next` ones during a load). */
export interface MetricSources {
  accounts: string;
  users: string;
  events: string;
}

/**
 * Builds the `__next` version of every derived table from the given sources as of a moment;
 * the caller swaps them in (together with the loaded tables, if any).
 */
export async function buildDerivedTables(
  warehouse: Warehouse,
  orgId: string,
  sources: MetricSources,
  asOf: number,
): Promise<void> {
  const { dialect } = warehouse;
  const names = {
    ...sources,
    userMetrics: nextTableName(USER_METRICS_TABLE.name),
    accountMetrics: nextTableName(ACCOUNT_METRICS_TABLE.name),
  };
  const segmentSources = {
    accounts: sources.accounts,
    users: sources.users,
    account_metrics: names.accountMetrics,
    user_metrics: names.userMetrics,
  };
  const segmentSchemas = BASE_TABLES.map((table) => segmentTableSchema(table));
  for (const table of [...METRIC_TABLES, ...segmentSchemas]) {
    await warehouse.createTable(orgId, { ...table, name: nextTableName(table.name) });
  }
  await writeNextLoadInfo(warehouse, orgId, asOf);
  const windows = metricWindowsFor(asOf);
  await warehouse.execute(orgId, [
    userMetricsInsert(dialect, orgId, names, windows),
    accountMetricsInsert(dialect, orgId, names, windows),
    ...BASE_TABLES.map((table) =>
      segmentTableInsert(
        dialect,
        orgId,
        table,
        nextTableName(SEGMENT_TABLE_NAMES[table]),
        segmentSources,
      ),
    ),
  ]);
}

/** Recomputes the derived tables from the current data (daily, as windows move on). */
export async function refreshMetrics(warehouse: Warehouse, orgId: string, asOf = Date.now()) {
  const sources = { accounts: 'accounts', users: 'users', events: 'events' };
  await buildDerivedTables(warehouse, orgId, sources, asOf);
  await warehouse.swapTables(orgId, DERIVED_TABLE_NAMES);
}
