import type { ColumnUnit, DataType } from '@revlane/contracts';
import type { LogicalType } from '../engine/table-schema.js';

/**
 * A computed column, written once (docs/decisions/0009-metric-definitions-as-data.md): its
 * catalogue entry, its metric table column, its per-load SQL and its as-of series SQL are
 * all derived from this.
 */
interface MetricBase {
  /** Its name in the metric table, the segment tables and the catalogue. */
  name: string;
  label: string;
  /** What the catalogue tells the user; say which events count and over which days. */
  description: string;
  /** Kept in the metric table for other metrics to read, but not offered as a column. */
  isHidden?: boolean;
}

/**
 * Which events count: only those with one of these names. Absent, every event counts.
 * Names are values, always bound, never spliced into SQL.
 */
interface EventPredicate {
  eventNames?: readonly string[];
}

/** Over a window of whole UTC days ending with the as-of day ("7d": that day and six before). */
interface Windowed {
  windowDays: number;
}

/**
 * Metrics over the record's own events: the user's, or every event of the account (with a
 * user or not).
 * - `event_count`: matching events in the window.
 * - `active_days`: UTC days of the window with at least one matching event.
 * - `daily_events`: matching events per day of the window, oldest first (a sparkline; no
 *   filter reads it, so as-of series leave it NULL).
 * - `last_seen`: the latest matching event, however old.
 */
export type EventMetricDefinition = MetricBase &
  EventPredicate &
  (
    | ({ aggregate: 'event_count' | 'active_days' | 'daily_events' } & Windowed)
    | { aggregate: 'last_seen' }
  );

/**
 * Account metrics over the account's rows of the user metrics, so a word like "active" means
 * the same on both tables.
 * - `users`: the account's users.
 * - `active_users`: its users whose `userMetric` (a numeric user metric) is above zero.
 * - `users_percent_of`: its users as a whole percentage (rounded down) of the account's own
 *   integer column `ofColumn` (e.g. seats); blank when that column is blank or zero.
 */
export type UserRollupDefinition = MetricBase &
  (
    | { aggregate: 'users' }
    | { aggregate: 'active_users'; userMetric: string }
    | { aggregate: 'users_percent_of'; ofColumn: string }
  );

export type UserMetricDefinition = EventMetricDefinition;
export type AccountMetricDefinition = EventMetricDefinition | UserRollupDefinition;
export type MetricDefinition = AccountMetricDefinition;
export type MetricAggregate = MetricDefinition['aggregate'];

interface AggregateShape {
  /** The catalogue's data type (what filters and cells the column gets). */
  dataType: DataType;
  /** A ratio rather than an amount: averaged in groups, never summed. */
  unit?: ColumnUnit;
  /** The metric table column's type. */
  type: LogicalType;
  /** Whether it is computed from events or rolled up from the user metrics. */
  reads: 'events' | 'user_metrics';
  /** Whether as-of series compute it (a sparkline takes no filter, so they do not). */
  isInSeries: boolean;
}

export const AGGREGATES: Record<MetricAggregate, AggregateShape> = {
  event_count: { dataType: 'numeric', type: 'integer', reads: 'events', isInSeries: true },
  active_days: { dataType: 'numeric', type: 'integer', reads: 'events', isInSeries: true },
  daily_events: {
    dataType: 'timeseries',
    type: 'integer_list',
    reads: 'events',
    isInSeries: false,
  },
  last_seen: { dataType: 'timestamp', type: 'timestamp', reads: 'events', isInSeries: true },
  users: { dataType: 'numeric', type: 'integer', reads: 'user_metrics', isInSeries: true },
  active_users: { dataType: 'numeric', type: 'integer', reads: 'user_metrics', isInSeries: true },
  users_percent_of: {
    dataType: 'numeric',
    unit: 'percent',
    type: 'integer',
    reads: 'user_metrics',
    isInSeries: true,
  },
};

export const isEventMetric = (metric: MetricDefinition): metric is EventMetricDefinition =>
  AGGREGATES[metric.aggregate].reads === 'events';

export const isUserRollup = (metric: MetricDefinition): metric is UserRollupDefinition =>
  AGGREGATES[metric.aggregate].reads === 'user_metrics';

/** The days a metric looks back over (1 for `last_seen`, which has no window). */
export const windowDaysOf = (metric: MetricDefinition): number =>
  'windowDays' in metric ? metric.windowDays : 1;
