import { BASE_TABLES, type BaseTable } from '@revlane/contracts';
import { nextTableName, type TableSchema } from '../engine/table-schema.js';
import type { Warehouse } from '../engine/warehouse.js';
import { ACCOUNT_METRIC_ENTITY, USER_METRIC_ENTITY } from '../metrics/metric-entities.js';
import { metricsInsert } from '../metrics/metric-statements.js';
import { metricWindowsFor } from '../metrics/metric-windows.js';
import { segmentTableInsert } from '../metrics/segment-table-statements.js';
import { LOAD_INFO_TABLE } from '../model/load-info-table.js';
import {
  ACCOUNT_METRICS_TABLE,
  METRIC_TABLES,
  USER_METRICS_TABLE,
} from '../model/metric-tables.js';
import { SEGMENT_TABLE_NAMES, segmentTableSchema } from '../model/segment-tables.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import { readScoreDefinitions } from '../scores/score-definitions-store.js';
import { scoreRowsSelect } from '../scores/score-table.js';
import { readCatalogue, writeNextLoadInfo } from './load-info.js';
import { buildTimelineTables } from './build-timeline-tables.js';

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

/** Where the metric and segment tables are written: `__next` names, or as-of scratch names. */
export interface DerivedTargets {
  userMetrics: string;
  accountMetrics: string;
  segments: Record<BaseTable, string>;
}

export interface BuildOptions {
  /**
   * Key the tables (PostgreSQL indexes the key). Swapped-in tables serve pages by id;
   * short-lived scratch tables are only scanned, so they skip the index build.
   */
  withPrimaryKeys: boolean;
}

const nextTargets = (): DerivedTargets => ({
  userMetrics: nextTableName(USER_METRICS_TABLE.name),
  accountMetrics: nextTableName(ACCOUNT_METRICS_TABLE.name),
  segments: {
    accounts: nextTableName(SEGMENT_TABLE_NAMES.accounts),
    users: nextTableName(SEGMENT_TABLE_NAMES.users),
  },
});

/**
 * Creates and fills the metric tables and the wide segment tables under the target names
 * from the given sources, with metric windows ending with asOf's day (events after it are
 * ignored by the window builders). A base table the catalogue has scores of (ADR 0034) gets
 * their columns from its scores as of asOf, computed in its segment insert.
 */
export async function buildMetricAndSegmentTables(
  warehouse: Warehouse,
  orgId: string,
  sources: MetricSources,
  targets: DerivedTargets,
  asOf: number,
  options: BuildOptions,
  catalogue: OrgCatalogue,
): Promise<void> {
  const { dialect } = warehouse;
  const keyed = (schema: TableSchema, name: string): TableSchema =>
    options.withPrimaryKeys ? { ...schema, name } : { name, columns: schema.columns };
  const schemas = [
    keyed(USER_METRICS_TABLE, targets.userMetrics),
    keyed(ACCOUNT_METRICS_TABLE, targets.accountMetrics),
    ...BASE_TABLES.map((table) =>
      keyed(segmentTableSchema(table, catalogue), targets.segments[table]),
    ),
  ];
  for (const schema of schemas) await warehouse.createTable(orgId, schema);

  const names = { ...sources, ...targets };
  const segmentSources = {
    accounts: sources.accounts,
    users: sources.users,
    events: sources.events,
    account_metrics: targets.accountMetrics,
    user_metrics: targets.userMetrics,
  };
  const windows = metricWindowsFor(asOf);
  // Scores are computed in the segment insert, over the metric tables just built.
  const scores = (table: BaseTable) =>
    catalogue.scoresOf(table).length > 0
      ? scoreRowsSelect(dialect, orgId, table, segmentSources, catalogue, asOf)
      : undefined;
  await warehouse.execute(orgId, [
    metricsInsert(dialect, orgId, names, windows, USER_METRIC_ENTITY),
    metricsInsert(dialect, orgId, names, windows, ACCOUNT_METRIC_ENTITY),
    ...BASE_TABLES.map((table) =>
      segmentTableInsert(
        dialect,
        orgId,
        table,
        targets.segments[table],
        segmentSources,
        catalogue,
        scores(table),
      ),
    ),
  ]);
}

/**
 * Builds the `__next` version of every derived table from the given sources as of a moment,
 * and answers their names: the caller swaps them in (together with the loaded tables, if
 * any). The timelines' copies of events are among them only when built (events loaded, or
 * missing: build-timeline-tables.ts). `catalogue` is the organization's catalogue over those
 * sources, recorded with the load (ADR 0026), with the score definitions in force now (read
 * from the warehouse, whatever scores `catalogue` had: ADR 0034).
 */
export async function buildDerivedTables(
  warehouse: Warehouse,
  orgId: string,
  sources: MetricSources,
  asOf: number,
  loaded: OrgCatalogue,
): Promise<string[]> {
  const catalogue = loaded.withScores(await readScoreDefinitions(warehouse, orgId));
  await buildMetricAndSegmentTables(
    warehouse,
    orgId,
    sources,
    nextTargets(),
    asOf,
    { withPrimaryKeys: true },
    catalogue,
  );
  const timelines = await buildTimelineTables(warehouse, orgId, sources.events);
  await writeNextLoadInfo(warehouse, orgId, asOf, catalogue);
  return [...DERIVED_TABLE_NAMES, ...timelines];
}

/** Recomputes the derived tables from the current data (daily, as windows move on). */
export async function refreshMetrics(warehouse: Warehouse, orgId: string, asOf = Date.now()) {
  const sources = { accounts: 'accounts', users: 'users', events: 'events' };
  // The canonical tables stay: so do their custom columns.
  const catalogue = await readCatalogue(warehouse, orgId);
  const derived = await buildDerivedTables(warehouse, orgId, sources, asOf, catalogue);
  await warehouse.swapTables(orgId, derived);
}
