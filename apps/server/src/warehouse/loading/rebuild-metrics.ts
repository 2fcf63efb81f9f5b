import { nextTableName } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import {
  ACCOUNT_METRICS_TABLE,
  METRIC_TABLES,
  USER_METRICS_TABLE,
} from '../model/metric-tables.js';
import { LOAD_INFO_TABLE } from '../model/load-info-table.js';
import { writeNextLoadInfo } from './load-info.js';
import { accountMetricsInsert, userMetricsInsert } from '../metrics/metric-statements.js';
import { metricWindowsFor } from '../metrics/metric-windows.js';

/** Swapped with every load or refresh: the metrics and the marker naming the load. */
export const METRIC_TABLE_NAMES = [
  ...METRIC_TABLES.map((table) => table.name),
  LOAD_INFO_TABLE.name,
];

/** Source tables: the names to read canonical data from (`__next` ones during a load). */
export interface MetricSources {
  accounts: string;
  users: string;
  events: string;
}

/**
 * Builds `user_metrics__next`, `account_metrics__next` (and `load_info__next`) from the given sources as of a
 * moment; the caller swaps them in (together with the loaded tables, if any).
 */
export async function buildMetricTables(
  warehouse: Warehouse,
  orgId: string,
  sources: MetricSources,
  asOf: number,
): Promise<void> {
  const names = {
    ...sources,
    userMetrics: nextTableName(USER_METRICS_TABLE.name),
    accountMetrics: nextTableName(ACCOUNT_METRICS_TABLE.name),
  };
  for (const table of METRIC_TABLES) {
    await warehouse.createTable(orgId, { ...table, name: nextTableName(table.name) });
  }
  await writeNextLoadInfo(warehouse, orgId, asOf);
  const windows = metricWindowsFor(asOf);
  await warehouse.execute(orgId, [
    userMetricsInsert(warehouse.dialect, orgId, names, windows),
    accountMetricsInsert(warehouse.dialect, orgId, names, windows),
  ]);
}

/** Recomputes the metric tables from the current data (daily, as windows move on). */
export async function refreshMetrics(warehouse: Warehouse, orgId: string, asOf = Date.now()) {
  await buildMetricTables(
    warehouse,
    orgId,
    { accounts: 'accounts', users: 'users', events: 'events' },
    asOf,
  );
  await warehouse.swapTables(orgId, METRIC_TABLE_NAMES);
}
