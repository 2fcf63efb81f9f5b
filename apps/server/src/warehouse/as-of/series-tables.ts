import type { TableSchema } from '../engine/table-schema.js';
import { ACCOUNT_METRICS_TABLE, USER_METRICS_TABLE } from '../model/metric-tables.js';

/** The column of series tables naming the day (its UTC start) a row is as of. */
export const AS_OF_DAY_COLUMN = 'as_of_day';

const withAsOfDay = (name: string, columns: TableSchema['columns']): TableSchema => ({
  name,
  columns: [{ name: AS_OF_DAY_COLUMN, type: 'timestamp' }, ...columns],
});

/**
 * Series tables hold one row per record and as-of day, so they are keyed by the pair and
 * only ever scanned: no primary key. The account metrics leave out the activity_30d
 * sparkline: a timeseries column takes no filter but `none` (OPERATORS_BY_DATA_TYPE), so
 * nothing evaluated on a series reads it, and the segment series view shows it as NULL.
 */
export const userMetricsSeriesSchema = (name: string) =>
  withAsOfDay(name, USER_METRICS_TABLE.columns);

export const accountMetricsSeriesSchema = (name: string) =>
  withAsOfDay(
    name,
    ACCOUNT_METRICS_TABLE.columns.filter((column) => column.type !== 'integer_list'),
  );
