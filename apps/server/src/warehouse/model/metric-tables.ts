import type { TableColumn, TableSchema } from '../engine/table-schema.js';
import { AGGREGATES, type MetricDefinition } from '../metrics/metric-definition.js';
import { ACCOUNT_METRICS, USER_METRICS } from '../metrics/metric-definitions.js';

/** One column per metric definition, typed by its aggregate. */
export const metricColumns = (metrics: readonly MetricDefinition[]): TableColumn[] =>
  metrics.map((metric) => ({ name: metric.name, type: AGGREGATES[metric.aggregate].type }));

/**
 * Per-load metric tables (docs/architecture.md §5.2 computed columns): rebuilt from `events` after each
 * load and swapped in with it, so segment pages read one row per record instead of
 * rescanning events. Their columns come from the metric definitions. A user row keeps its
 * account, which the account metrics roll up by.
 */
export const USER_METRICS_TABLE: TableSchema = {
  name: 'user_metrics',
  primaryKey: 'user_id',
  columns: [
    { name: 'user_id', type: 'text' },
    { name: 'account_id', type: 'text' },
    ...metricColumns(USER_METRICS),
  ],
};

export const ACCOUNT_METRICS_TABLE: TableSchema = {
  name: 'account_metrics',
  primaryKey: 'account_id',
  columns: [{ name: 'account_id', type: 'text' }, ...metricColumns(ACCOUNT_METRICS)],
};

export const METRIC_TABLES = [USER_METRICS_TABLE, ACCOUNT_METRICS_TABLE] as const;
