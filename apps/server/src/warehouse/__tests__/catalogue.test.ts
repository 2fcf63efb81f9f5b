import { OPTION_LIST_TYPES, columnListSchema } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import type { SourceTable } from '../catalogue/catalogue-column.js';
import { getCatalogue, getColumns } from '../catalogue/columns.js';
import type { TableSchema } from '../engine/table-schema.js';
import { ACCOUNTS_TABLE, USERS_TABLE } from '../model/canonical-tables.js';
import { ACCOUNT_METRICS_TABLE, USER_METRICS_TABLE } from '../model/metric-tables.js';

/** The built-in catalogue reads no score table (an organization's scores: ADR 0034). */
const SOURCES: Partial<Record<SourceTable, TableSchema>> = {
  accounts: ACCOUNTS_TABLE,
  users: USERS_TABLE,
  account_metrics: ACCOUNT_METRICS_TABLE,
  user_metrics: USER_METRICS_TABLE,
};

describe.each(['accounts', 'users'] as const)(
  'column catalogue of %s (docs/architecture.md §5.2)',
  (table) => {
    const columns = getColumns(table);

    it('matches the contract and names every column once', () => {
      expect(columnListSchema.parse(columns)).toEqual(columns);
      expect(new Set(columns.map((column) => column.name)).size).toBe(columns.length);
      expect(columns[0]).toMatchObject({ name: 'id', dataType: 'default', computed: false });
    });

    it('gives enum and boolean columns their options, and no other column any', () => {
      for (const column of columns) {
        expect(Boolean(column.options?.length)).toBe(OPTION_LIST_TYPES.includes(column.dataType));
      }
    });

    it('maps every entry to a real column of a warehouse table, computed ones to metric tables', () => {
      for (const column of getCatalogue(table)) {
        const source = SOURCES[column.source]!;
        expect(source.columns.map((c) => c.name)).toContain(column.sourceColumn);
        expect(column.computed).toBe(
          source === ACCOUNT_METRICS_TABLE || source === USER_METRICS_TABLE,
        );
      }
    });
  },
);

describe('catalogue contents', () => {
  it('offers the computed account metrics, the sparkline as a timeseries', () => {
    const computed = getColumns('accounts').filter((column) => column.computed);
    expect(computed.map((column) => `${column.name}:${column.dataType}`)).toEqual([
      'active_users_1d:numeric',
      'active_users_7d:numeric',
      'active_users_30d:numeric',
      'events_7d:numeric',
      'events_30d:numeric',
      'sessions_30d:numeric',
      'last_seen_at:timestamp',
      'seats_used:numeric',
      'seat_usage:numeric',
      'activity_30d:timeseries',
    ]);
  });

  it('joins the account’s columns into users under an account_ prefix', () => {
    const plan = getColumns('users').find((column) => column.name === 'account_plan');
    expect(plan).toEqual({
      name: 'account_plan',
      label: 'Account: Plan',
      dataType: 'enum',
      options: ['free', 'starter', 'pro', 'enterprise'],
      optionLabels: { free: 'Free', starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' },
      groupable: true,
      description: 'The user’s account. Current plan.',
      computed: false,
    });
    const names = getColumns('users').map((column) => column.name);
    expect(names).toContain('account_active_users_7d');
    expect(names).not.toContain('account_activity_30d');
  });

  it('labels every option, names the currency of money and offers only few-valued columns to group by (ADR 0013)', () => {
    const accounts = getColumns('accounts');
    const byName = (name: string) => accounts.find((column) => column.name === name)!;
    expect(byName('lifecycle_stage').optionLabels).toMatchObject({ at_risk: 'At risk' });
    expect(byName('country').optionLabels).toMatchObject({ US: 'United States', DE: 'Germany' });
    for (const column of [...accounts, ...getColumns('users')]) {
      if (column.options) expect(Object.keys(column.optionLabels ?? {})).toEqual(column.options);
    }
    expect(byName('mrr').currency).toBe('USD');
    const groupable = accounts.filter((column) => column.groupable).map((column) => column.name);
    expect(groupable).toEqual([
      'plan',
      'country',
      'industry',
      'lifecycle_stage',
      'is_paying',
      'in_product',
      'in_crm',
    ]);
  });
});
