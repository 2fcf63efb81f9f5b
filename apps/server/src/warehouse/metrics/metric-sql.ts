import { quoteIdentifier } from '../engine/identifiers.js';
import type { SqlParams } from '../engine/sql-params.js';
import type { MetricDefinition, UserRollupDefinition } from './metric-definition.js';

/**
 * SQL pieces the per-load and the as-of series builders share. Identifiers come only from
 * the metric definitions (checked names, through quoteIdentifier), values are bound.
 */

/** Aliases of the two sources a metric row is read from: its events and its users' metrics. */
export const EVENTS_ALIAS = 'ev';
export const ROLLUP_ALIAS = 'um';
/** The record a metric row is for (`FROM <records> r` in both builders). */
export const RECORD_ALIAS = 'r';

/** Binds each timestamp literal once per statement: `CAST($n AS TIMESTAMP)`. */
export function timestampBinder(p: SqlParams): (literal: string) => string {
  const bound = new Map<string, string>();
  return (literal) => {
    let placeholder = bound.get(literal);
    if (!placeholder) bound.set(literal, (placeholder = `CAST(${p.add(literal)} AS TIMESTAMP)`));
    return placeholder;
  };
}

/** `name IN ($1, …)` for a metric that counts only some events, else null. */
export function eventNameCondition(p: SqlParams, eventNames?: readonly string[]): string | null {
  if (!eventNames) return null;
  return `name IN (${eventNames.map((eventName) => p.add(eventName)).join(', ')})`;
}

/** ` FILTER (WHERE …)` of the given conditions, or nothing when there are none. */
export function filterClause(...conditions: (string | null)[]): string {
  const present = conditions.filter((condition): condition is string => Boolean(condition));
  return present.length === 0 ? '' : ` FILTER (WHERE ${present.join(' AND ')})`;
}

/**
 * The metric's value in its metric table, read from its source row: counts are 0 and a last
 * seen blank for a record without events (or an account without users).
 */
export function metricValue(metric: MetricDefinition, source: string): string {
  const column = `${source}.${quoteIdentifier(metric.name)}`;
  if (metric.aggregate === 'last_seen') return column;
  if (metric.aggregate === 'users_percent_of') {
    // The roll-up counted the users under the metric's name; the record holds the divisor.
    // FLOOR of an exact quotient: the same whole number on both engines.
    const divisor = `${RECORD_ALIAS}.${quoteIdentifier(metric.ofColumn)}`;
    return `CASE WHEN ${divisor} > 0 THEN CAST(FLOOR(100.0 * COALESCE(${column}, 0) / ${divisor}) AS INTEGER) END`;
  }
  return `COALESCE(${column}, 0)`;
}

/** A roll-up over an account's rows of the user metrics (grouped by the caller). */
export function rollupAggregate(metric: UserRollupDefinition): string {
  const name = quoteIdentifier(metric.name);
  if (metric.aggregate === 'users' || metric.aggregate === 'users_percent_of')
    return `CAST(COUNT(*) AS INTEGER) AS ${name}`;
  const condition = `${quoteIdentifier(metric.userMetric)} > 0`;
  return `CAST(COUNT(*)${filterClause(condition)} AS INTEGER) AS ${name}`;
}
