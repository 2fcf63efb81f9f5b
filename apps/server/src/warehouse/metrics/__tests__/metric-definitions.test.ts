import { describe, expect, it } from 'vitest';
import { accountMetricsSeriesSchema } from '../../as-of/series-tables.js';
import { getCatalogue } from '../../catalogue/columns.js';
import { duckdbDialect } from '../../duckdb/duckdb-dialect.js';
import { ACCOUNT_METRICS_TABLE, USER_METRICS_TABLE } from '../../model/metric-tables.js';
import { defineAccountMetrics, defineUserMetrics } from '../define-metrics.js';
import type { AccountMetricDefinition, UserMetricDefinition } from '../metric-definition.js';
import { ACCOUNT_METRICS, USER_METRICS } from '../metric-definitions.js';
import { metricsInsert } from '../metric-statements.js';
import { metricWindowsFor } from '../metric-windows.js';

const base = { label: 'A label', description: 'A description.' };
const count = (name: string, extra: object = {}) =>
  ({ ...base, name, aggregate: 'event_count', windowDays: 7, ...extra }) as UserMetricDefinition;
const refusal = (metrics: UserMetricDefinition[]) => () => defineUserMetrics(metrics);

describe('metric definitions', () => {
  it('refuses names that are not short lowercase identifiers, or taken', () => {
    for (const name of ['Events', '7d', 'a b', 'x"; DROP TABLE events; --', 'a'.repeat(29)])
      expect(refusal([count(name)]), name).toThrow(/lowercase identifier/);
    for (const name of ['id', 'user_id', 'account_id', 'as_of_day'])
      expect(refusal([count(name)]), name).toThrow(/lowercase identifier/);
    expect(refusal([count('a'.repeat(28))])).not.toThrow();
    expect(refusal([count('twice'), count('twice')])).toThrow(
      /user_metrics\.twice: the name is taken/,
    );
  });

  it('refuses windows that are not 1 to 90 whole days, and empty event lists', () => {
    for (const windowDays of [0, 91, 1.5, -7])
      expect(refusal([count('n', { windowDays })]), String(windowDays)).toThrow(/1 to 90/);
    expect(refusal([count('n', { eventNames: [] })])).toThrow(/at least one event name/);
    expect(refusal([count('n', { eventNames: [''] })])).toThrow(/at least one event name/);
    expect(refusal([count('n', { windowDays: 90, eventNames: ['login'] })])).not.toThrow();
  });

  it('refuses unknown aggregates, roll-ups on users and roll-ups of no numeric user metric', () => {
    expect(refusal([{ ...count('n'), aggregate: 'sum' } as never])).toThrow(/unknown aggregate/);
    expect(refusal([{ ...base, name: 'n', aggregate: 'users' } as never])).toThrow(
      /computed from events/,
    );
    const rollup = (userMetric: string): AccountMetricDefinition[] => [
      { ...base, name: 'n', aggregate: 'active_users', userMetric },
    ];
    expect(() => defineAccountMetrics(rollup('nope'), USER_METRICS)).toThrow(/"nope"/);
    expect(() => defineAccountMetrics(rollup('last_seen_at'), USER_METRICS)).toThrow(/numeric/);
    expect(() => defineAccountMetrics(rollup('events_7d'), USER_METRICS)).not.toThrow();
  });

  it('derive the catalogue entries and the metric table columns, hidden ones table-only', () => {
    const computed = [...getCatalogue('accounts'), ...getCatalogue('users')].filter(
      (column) => column.computed && !column.name.startsWith('account_'),
    );
    const listed = [...ACCOUNT_METRICS, ...USER_METRICS].filter((metric) => !metric.isHidden);
    expect(computed.map(({ name, label, description }) => ({ name, label, description }))).toEqual(
      listed.map(({ name, label, description }) => ({ name, label, description })),
    );
    expect(computed.map((column) => column.name)).not.toContain('events_1d');
    expect(USER_METRICS_TABLE.columns.map((column) => column.name)).toEqual([
      'user_id',
      'account_id',
      ...USER_METRICS.map((metric) => metric.name),
    ]);
    expect(ACCOUNT_METRICS_TABLE.columns.find((c) => c.name === 'activity_30d')?.type).toBe(
      'integer_list',
    );
    expect(accountMetricsSeriesSchema('s').columns.map((column) => column.name)).not.toContain(
      'activity_30d',
    );
  });

  it('binds event names as values, never as SQL text', () => {
    const hostile = "login') OR 1=1; DROP TABLE events; --";
    const compiled = metricsInsert(
      duckdbDialect,
      'org',
      { accounts: 'a', users: 'u', events: 'e', userMetrics: 'um', accountMetrics: 'am' },
      metricWindowsFor(Date.UTC(2024, 5, 15)),
      {
        records: 'users',
        target: 'userMetrics',
        key: 'user_id',
        carried: [],
        metrics: defineUserMetrics([count('logins_7d', { eventNames: [hostile] })]),
      },
    );
    expect(compiled.sql).not.toContain('DROP');
    expect(compiled.sql).toMatch(/name IN \(\$\d+\)/);
    expect(compiled.params).toContain(hostile);
  });
});
