import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import {
  isUserRollup,
  type EventMetricDefinition,
  type MetricDefinition,
} from './metric-definition.js';
import { eventMetrics, type MetricEntity, type MetricTableNames } from './metric-entities.js';
import {
  EVENTS_ALIAS,
  RECORD_ALIAS,
  ROLLUP_ALIAS,
  eventNameCondition,
  filterClause,
  metricValue,
  rollupAggregate,
  timestampBinder,
} from './metric-sql.js';
import type { MetricWindows } from './metric-windows.js';

const sparklineDay = (metric: MetricDefinition, day: number) =>
  quoteIdentifier(`${metric.name}_d${day}`);

/** The metric's aggregates over its record's events (a sparkline has one per day). */
function eventAggregates(
  p: SqlParams,
  bound: (literal: string) => string,
  windows: MetricWindows,
  metric: EventMetricDefinition,
): string[] {
  const name = quoteIdentifier(metric.name);
  const only = eventNameCondition(p, metric.eventNames);
  if (metric.aggregate === 'last_seen') return [`MAX(occurred_at)${filterClause(only)} AS ${name}`];
  if (metric.aggregate === 'daily_events') {
    const days = windows.dayBoundaries(metric.windowDays).map(bound);
    return days.slice(0, -1).map((start, day) => {
      const filter = filterClause(
        `occurred_at >= ${start} AND occurred_at < ${days[day + 1]}`,
        only,
      );
      return `CAST(COUNT(*)${filter} AS INTEGER) AS ${sparklineDay(metric, day)}`;
    });
  }
  const since = `occurred_at >= ${bound(windows.startOf(metric.windowDays))}`;
  const counted =
    metric.aggregate === 'active_days' ? 'COUNT(DISTINCT CAST(occurred_at AS DATE))' : 'COUNT(*)';
  return [`CAST(${counted}${filterClause(since, only)} AS INTEGER) AS ${name}`];
}

/** The metric table's value: a sparkline's days gathered into one list. */
function perLoadValue(metric: MetricDefinition): string {
  if (metric.aggregate !== 'daily_events')
    return metricValue(metric, isUserRollup(metric) ? ROLLUP_ALIAS : EVENTS_ALIAS);
  const days = Array.from(
    { length: metric.windowDays },
    (_, day) => `COALESCE(${EVENTS_ALIAS}.${sparklineDay(metric, day)}, 0)`,
  );
  return `ARRAY[${days.join(', ')}]`;
}

/**
 * `INSERT INTO <metric table> SELECT …`: one row per record with every metric of the entity
 * as of the windows' day, all from one pass over events (each metric a FILTERed aggregate
 * of one GROUP BY) and, for roll-ups, one over the user metrics (built first).
 */
export function metricsInsert(
  dialect: Dialect,
  orgId: string,
  names: MetricTableNames,
  windows: MetricWindows,
  entity: MetricEntity,
): CompiledQuery {
  const p = new SqlParams();
  const bound = timestampBinder(p);
  const table = (name: string) => dialect.table(orgId, name);
  const { key, carried, metrics } = entity;
  const events = eventMetrics(metrics);
  const rollups = metrics.filter(isUserRollup);
  const joins: string[] = [];
  if (rollups.length > 0)
    joins.push(`LEFT JOIN (
    SELECT account_id, ${rollups.map(rollupAggregate).join(',\n      ')}
    FROM ${table(names.userMetrics)}
    GROUP BY account_id
  ) ${ROLLUP_ALIAS} ON ${ROLLUP_ALIAS}.account_id = r.id`);
  if (events.length > 0)
    joins.push(`LEFT JOIN (
    SELECT ${key},
      ${events.flatMap((metric) => eventAggregates(p, bound, windows, metric)).join(',\n      ')}
    FROM ${table(names.events)}
    WHERE occurred_at < ${bound(windows.end)} AND ${key} IS NOT NULL
    GROUP BY ${key}
  ) ${EVENTS_ALIAS} ON ${EVENTS_ALIAS}.${key} = r.id`);
  const columns = [key, ...carried, ...metrics.map((metric) => metric.name)].map(quoteIdentifier);
  const values = [
    'r.id',
    ...carried.map((column) => `r.${quoteIdentifier(column)}`),
    ...metrics.map(perLoadValue),
  ];
  const sql = `INSERT INTO ${table(names[entity.target])}
    (${columns.join(', ')})
  SELECT ${values.join(', ')}
  FROM ${table(names[entity.records])} ${RECORD_ALIAS}
  ${joins.join('\n  ')}`;
  return { sql, params: p.list() };
}
