import {
  AGGREGATES,
  isEventMetric,
  windowDaysOf,
  type EventMetricDefinition,
  type MetricDefinition,
} from './metric-definition.js';
import { ACCOUNT_METRICS, USER_METRICS } from './metric-definitions.js';

/** Where the builders read and write: final names, `__next` ones during a load, or scratch ones. */
export interface MetricTableNames {
  accounts: string;
  users: string;
  events: string;
  userMetrics: string;
  accountMetrics: string;
}

/** A metric table as the statement builders see it: whose rows, keyed how, which metrics. */
export interface MetricEntity {
  /** The table of records: one metric row per record. */
  records: 'users' | 'accounts';
  target: 'userMetrics' | 'accountMetrics';
  /** The metric table's key, which is also the events column an event counts for. */
  key: 'user_id' | 'account_id';
  /** Record columns kept as they are (a user's account, which roll-ups group by). */
  carried: readonly string[];
  metrics: readonly MetricDefinition[];
}

export const USER_METRIC_ENTITY: MetricEntity = {
  records: 'users',
  target: 'userMetrics',
  key: 'user_id',
  carried: ['account_id'],
  metrics: USER_METRICS,
};

/** Built after the user metrics, which its roll-ups read. */
export const ACCOUNT_METRIC_ENTITY: MetricEntity = {
  records: 'accounts',
  target: 'accountMetrics',
  key: 'account_id',
  carried: [],
  metrics: ACCOUNT_METRICS,
};

/** The metrics an as-of series computes (all but sparklines). */
export const seriesMetrics = (entity: MetricEntity): MetricDefinition[] =>
  entity.metrics.filter((metric) => AGGREGATES[metric.aggregate].isInSeries);

export const eventMetrics = (metrics: readonly MetricDefinition[]): EventMetricDefinition[] =>
  metrics.filter(isEventMetric);

/**
 * The longest window an as-of series evaluates: its record × day grid reaches this many days
 * back from the first as-of day (as-of/series-days.ts).
 */
export const LONGEST_SERIES_WINDOW_DAYS = Math.max(
  1,
  ...[USER_METRIC_ENTITY, ACCOUNT_METRIC_ENTITY].flatMap((entity) =>
    seriesMetrics(entity).map(windowDaysOf),
  ),
);
