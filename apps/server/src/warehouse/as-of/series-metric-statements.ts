import type { Dialect } from '../engine/dialect.js';
import { quoteIdentifier } from '../engine/identifiers.js';
import { SqlParams } from '../engine/sql-params.js';
import type { CompiledQuery } from '../engine/warehouse.js';
import { isUserRollup } from '../metrics/metric-definition.js';
import {
  eventMetrics,
  seriesMetrics,
  type MetricEntity,
  type MetricTableNames,
} from '../metrics/metric-entities.js';
import {
  EVENTS_ALIAS,
  RECORD_ALIAS,
  ROLLUP_ALIAS,
  metricValue,
  rollupAggregate,
} from '../metrics/metric-sql.js';
import { activityCtes, asOfDaysTable } from './series-activity-sql.js';
import type { SeriesDays } from './series-days.js';
import { AS_OF_DAY_COLUMN } from './series-tables.js';

/**
 * `INSERT INTO <metric series> …`: per record and as-of day, the entity's metrics of that
 * day exactly as metricsInsert computes them for one day (sparklines aside): event metrics
 * from the activity grid (series-activity-sql.ts), roll-ups from the same day's rows of the
 * user metric series (built first).
 */
export function metricsSeriesInsert(
  dialect: Dialect,
  orgId: string,
  names: MetricTableNames,
  days: SeriesDays,
  entity: MetricEntity,
): CompiledQuery {
  const p = new SqlParams();
  const table = (name: string) => dialect.table(orgId, name);
  const { key, carried } = entity;
  const metrics = seriesMetrics(entity);
  const events = eventMetrics(metrics);
  const rollups = metrics.filter(isUserRollup);
  const activity = `${entity.records}_activity`;
  const ctes =
    events.length > 0
      ? `WITH ${activityCtes(p, days, { events: table(names.events), key, name: activity }, events)}`
      : '';
  const joins: string[] = [];
  if (rollups.length > 0)
    joins.push(`LEFT JOIN (
    SELECT ${AS_OF_DAY_COLUMN}, account_id, ${rollups.map(rollupAggregate).join(',\n      ')}
    FROM ${table(names.userMetrics)}
    GROUP BY ${AS_OF_DAY_COLUMN}, account_id
  ) ${ROLLUP_ALIAS} ON ${ROLLUP_ALIAS}.account_id = r.id AND ${ROLLUP_ALIAS}.${AS_OF_DAY_COLUMN} = t.day`);
  if (events.length > 0)
    joins.push(
      `LEFT JOIN ${activity} ${EVENTS_ALIAS} ON ${EVENTS_ALIAS}.record_id = r.id AND ${EVENTS_ALIAS}.day = t.day`,
    );
  const columns = [AS_OF_DAY_COLUMN, key, ...carried, ...metrics.map((metric) => metric.name)];
  const values = [
    't.day',
    'r.id',
    ...carried.map((column) => `r.${quoteIdentifier(column)}`),
    ...metrics.map((metric) =>
      metricValue(metric, isUserRollup(metric) ? ROLLUP_ALIAS : EVENTS_ALIAS),
    ),
  ];
  const sql = `INSERT INTO ${table(names[entity.target])}
    (${columns.map(quoteIdentifier).join(', ')})
  ${ctes}
  SELECT ${values.join(', ')}
  FROM ${table(names[entity.records])} ${RECORD_ALIAS}
  CROSS JOIN ${asOfDaysTable(p, days, 't')}
  ${joins.join('\n  ')}`;
  return { sql, params: p.list() };
}
