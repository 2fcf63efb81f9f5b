import { ACCOUNTS_TABLE } from '../model/canonical-tables.js';
import {
  AGGREGATES,
  isEventMetric,
  type AccountMetricDefinition,
  type MetricDefinition,
  type UserMetricDefinition,
} from './metric-definition.js';

/**
 * A plain identifier, short enough that every name derived from it stays within PostgreSQL's
 * 63 characters (e.g. the read index `segment_users__next_account_<name>_order`).
 */
const METRIC_NAME = /^[a-z][a-z0-9_]{0,27}$/;
/** The metric tables' own columns and the series' day. */
const RESERVED_NAMES = new Set(['id', 'user_id', 'account_id', 'as_of_day']);
/**
 * The longest window. As-of series evaluate every window on a record × day grid as long as
 * the longest one, so this bounds what one definition can cost every trend and back-fill.
 */
export const MAX_WINDOW_DAYS = 90;

function checkMetric(metric: MetricDefinition): string[] {
  const problems: string[] = [];
  if (!METRIC_NAME.test(metric.name) || RESERVED_NAMES.has(metric.name))
    problems.push('the name must be a lowercase identifier of at most 28 characters');
  if (!metric.label.trim() || !metric.description.trim())
    problems.push('it needs a label and a description');
  if (!Object.hasOwn(AGGREGATES, metric.aggregate))
    return [...problems, `unknown aggregate ${JSON.stringify(metric.aggregate)}`];
  if ('windowDays' in metric) {
    const { windowDays } = metric;
    if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > MAX_WINDOW_DAYS)
      problems.push(`the window must be 1 to ${MAX_WINDOW_DAYS} whole days`);
  }
  if (isEventMetric(metric) && metric.eventNames !== undefined) {
    const names = metric.eventNames;
    if (names.length === 0 || names.some((name) => typeof name !== 'string' || !name))
      problems.push('eventNames must list at least one event name');
  }
  return problems;
}

function check<T extends MetricDefinition>(
  table: string,
  metrics: readonly T[],
  extra: (metric: T) => string[],
): readonly T[] {
  const seen = new Set<string>();
  const problems = metrics.flatMap((metric) => {
    const isKnown = Object.hasOwn(AGGREGATES, metric.aggregate);
    const own = [...checkMetric(metric), ...(isKnown ? extra(metric) : [])];
    if (seen.has(metric.name)) own.push('the name is taken');
    seen.add(metric.name);
    return own.map((problem) => `${table}.${metric.name}: ${problem}`);
  });
  if (problems.length > 0) throw new Error(`Invalid metric definitions: ${problems.join('; ')}`);
  return metrics;
}

/** Checks the user metrics: over the user's own events only. */
export function defineUserMetrics(
  metrics: readonly UserMetricDefinition[],
): readonly UserMetricDefinition[] {
  return check('user_metrics', metrics, (metric) =>
    isEventMetric(metric) ? [] : ['a user metric is computed from events'],
  );
}

/** The account's own integer columns a `users_percent_of` metric may divide by. */
const ACCOUNT_INTEGER_COLUMNS = new Set<string>(
  ACCOUNTS_TABLE.columns.filter((column) => column.type === 'integer').map((column) => column.name),
);

function checkRollup(metric: AccountMetricDefinition, numericUserMetrics: Set<string>): string[] {
  if (metric.aggregate === 'active_users' && !numericUserMetrics.has(metric.userMetric))
    return [`userMetric ${JSON.stringify(metric.userMetric)} is not a numeric user metric`];
  if (metric.aggregate === 'users_percent_of' && !ACCOUNT_INTEGER_COLUMNS.has(metric.ofColumn))
    return [`ofColumn ${JSON.stringify(metric.ofColumn)} is not an integer column of accounts`];
  return [];
}

/**
 * Checks the account metrics; roll-ups must name a numeric user metric, percentages an
 * integer column of the account.
 */
export function defineAccountMetrics(
  metrics: readonly AccountMetricDefinition[],
  userMetrics: readonly UserMetricDefinition[],
): readonly AccountMetricDefinition[] {
  const numeric = new Set(
    userMetrics
      .filter((metric) => AGGREGATES[metric.aggregate].dataType === 'numeric')
      .map((metric) => metric.name),
  );
  return check('account_metrics', metrics, (metric) => checkRollup(metric, numeric));
}
