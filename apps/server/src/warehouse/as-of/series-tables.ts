import type { TableSchema } from '../engine/table-schema.js';
import { AGGREGATES, type MetricDefinition } from '../metrics/metric-definition.js';
import { ACCOUNT_METRICS, USER_METRICS } from '../metrics/metric-definitions.js';
import { ACCOUNT_METRICS_TABLE, USER_METRICS_TABLE } from '../model/metric-tables.js';

/** The column of series tables naming the day (its UTC start) a row is as of. */
export const AS_OF_DAY_COLUMN = 'as_of_day';

/**
 * Series tables hold one row per record and as-of day, so they are keyed by the pair and
 * only ever scanned: no primary key. They leave out sparklines (activity_30d): a timeseries
 * column takes no filter but `none` (OPERATORS_BY_DATA_TYPE), so nothing evaluated on a
 * series reads it, and the segment series view shows it as NULL.
 */
const withAsOfDay = (
  name: string,
  table: TableSchema,
  metrics: readonly MetricDefinition[],
): TableSchema => {
  const skipped = new Set(
    metrics.filter((metric) => !AGGREGATES[metric.aggregate].isInSeries).map((m) => m.name),
  );
  return {
    name,
    columns: [
      { name: AS_OF_DAY_COLUMN, type: 'timestamp' },
      ...table.columns.filter((column) => !skipped.has(column.name)),
    ],
  };
};

export const userMetricsSeriesSchema = (name: string) =>
  withAsOfDay(name, USER_METRICS_TABLE, USER_METRICS);

export const accountMetricsSeriesSchema = (name: string) =>
  withAsOfDay(name, ACCOUNT_METRICS_TABLE, ACCOUNT_METRICS);
