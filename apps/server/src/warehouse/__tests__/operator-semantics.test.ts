import type { FilterOperator } from '@revlane/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SegmentReader } from '../reading/segment-reader.js';
import { TEST_ENGINES, useHandMadeWarehouse } from './engines.js';
import { AS_OF } from './hand-made-data.js';

type Case = [field: string, operator: FilterOperator, value: unknown, ids: string[]];

const ALL = ['a1', 'a2', 'a3', 'a4', 'a5'];

/** What each operator matches on the hand-made accounts (blank = NULL or ''). */
// prettier-ignore
const CASES: Case[] = [
  ['name', 'eq', 'ACME corp', ['a1']],
  ['name', 'contains', 'A', ['a1', 'a2', 'a3']],
  ['name', 'not_contains', 'a', ['a4', 'a5']],
  ['name', 'includes', ['BETA LABS', 'gamma inc'], ['a2', 'a3']],
  ['name', 'excludes', ['beta labs'], ['a1', 'a3', 'a4', 'a5']],
  ['name', 'null', null, ['a4']],
  ['name', 'not_null', null, ['a1', 'a2', 'a3', 'a5']],
  ['name', 'none', null, ALL],
  ['billing_email', 'eq', 'billing@acme.COM', ['a1']],
  ['billing_email', 'contains', '@BETA', ['a2']],
  ['billing_email', 'includes', ['OPS@epsilon.ai'], ['a5']],
  ['billing_email', 'excludes', ['finance@beta.io'], ['a1', 'a3', 'a4', 'a5']],
  ['billing_email', 'null', null, ['a3', 'a4']],
  ['billing_email', 'not_null', null, ['a1', 'a2', 'a5']],
  ['website', 'eq', 'HTTPS://acme.com', ['a1']],
  ['website', 'contains', 'gamma', ['a3']],
  ['website', 'not_contains', 'https', ['a2', 'a4']],
  ['website', 'null', null, ['a2', 'a4']],
  ['mrr', 'eq', 45.1, ['a5']],
  ['mrr', 'lt', 45.1, ['a2']],
  ['mrr', 'lte', 45.1, ['a2', 'a5']],
  ['mrr', 'gt', 1234.5, ['a3']],
  ['mrr', 'gte', 1234.5, ['a1', 'a3']],
  ['mrr', 'between_n', [0, 1234.5], ['a1', 'a2', 'a5']],
  ['mrr', 'null', null, ['a4']],
  ['seats', 'between_n', [5, 10], ['a1', 'a5']],
  ['created_at', 'before', '2024-06-02', ['a1', 'a2', 'a5']],
  ['created_at', 'after', '2024-06-01', ['a3']],
  ['created_at', 'on', '2024-06-01', ['a2']],
  ['created_at', 'on', '2024-06-02T23:00:00-05:00', ['a3']],
  ['created_at', 'between', ['2024-06-01', '2024-06-02'], ['a2', 'a3']],
  ['created_at', 'null', null, ['a4']],
  ['created_at', 'not_null', null, ['a1', 'a2', 'a3', 'a5']],
  ['is_paying', 'is', true, ['a1', 'a3']],
  ['is_paying', 'is', false, ['a2', 'a5']],
  ['is_paying', 'null', null, ['a4']],
  ['plan', 'eq', 'pro', ['a1']],
  ['plan', 'includes', ['free', 'starter'], ['a2', 'a5']],
  ['plan', 'excludes', ['free', 'starter'], ['a1', 'a3', 'a4']],
  ['plan', 'not_null', null, ['a1', 'a2', 'a3', 'a5']],
  ['id', 'eq', 'a3', ['a3']],
  ['id', 'null', null, []],
  ['activity_30d', 'none', null, ALL],
  ['events_7d', 'gt', 0, ['a1', 'a2', 'a3']],
  ['last_seen_at', 'on', '2024-06-10', ['a3']],
  ['last_seen_at', 'null', null, ['a4', 'a5']],
];

describe.each(TEST_ENGINES)('operator semantics on $name (docs/architecture.md §5.3)', (engine) => {
  const loaded = useHandMadeWarehouse(engine);
  const { orgId } = loaded;
  let reader: SegmentReader;

  beforeAll(() => {
    reader = new SegmentReader(loaded.warehouse);
  });

  const idsOf = async (
    table: 'accounts' | 'users',
    filters: unknown[],
    search?: string,
    asOf = AS_OF,
  ) => {
    const page = await reader.page({
      orgId,
      table,
      filters,
      search,
      asOf,
      columns: ['id'],
      perPage: 100,
    });
    expect(page.total).toBe(page.rows.length);
    return page.rows.map((row) => row.id);
  };

  it.each(CASES)('%s %s %j', async (field, operator, value, ids) => {
    expect(await idsOf('accounts', [{ field, operator, value }])).toEqual(ids);
  });

  // AS_OF is 2024-06-15 12:00 UTC; a2 was created 2024-06-01 23:59:59, a3 2024-06-02 00:00,
  // a1 and a5 long before (docs/product.md §5.1: whole UTC days from the query's day).
  it.each([
    ['last_n_days', 14, ['a2', 'a3']],
    ['last_n_days', 13, ['a3']],
    ['older_than_n_days', 13, ['a1', 'a2', 'a5']],
    ['older_than_n_days', 14, ['a1', 'a5']],
  ])('created_at %s %i counts from the day of the query', async (operator, value, ids) => {
    expect(await idsOf('accounts', [{ field: 'created_at', operator, value }])).toEqual(ids);
  });

  it('moves relative dates with the day they are evaluated on', async () => {
    const filters = [{ field: 'created_at', operator: 'next_n_days', value: 1 }];
    expect(await idsOf('accounts', filters, undefined, Date.UTC(2024, 4, 31, 18))).toEqual(['a2']);
    expect(await idsOf('accounts', filters, undefined, Date.UTC(2024, 5, 1, 1))).toEqual([
      'a2',
      'a3',
    ]);
    const last = [{ field: 'created_at', operator: 'last_n_days', value: 1 }];
    expect(await idsOf('accounts', last, undefined, Date.UTC(2024, 5, 3, 9))).toEqual(['a3']);
    expect(await idsOf('accounts', last, undefined, Date.UTC(2024, 5, 4, 9))).toEqual([]);
  });

  it('ORs the filters of an any-of group and ANDs the group with the rest', async () => {
    const anyOf = {
      match: 'any',
      filters: [
        { field: 'plan', operator: 'eq', value: 'pro' },
        { field: 'mrr', operator: 'gt', value: 50_000 },
        { field: 'name', operator: 'null', value: null },
      ],
    };
    expect(await idsOf('accounts', [anyOf])).toEqual(['a1', 'a3', 'a4']);
    const paying = { field: 'is_paying', operator: 'is', value: true };
    expect(await idsOf('accounts', [paying, anyOf])).toEqual(['a1', 'a3']);
    const allOf = {
      match: 'all',
      filters: [paying, { field: 'mrr', operator: 'lt', value: 2000 }],
    };
    expect(await idsOf('accounts', [allOf])).toEqual(['a1']);
    // "any value" inside an any-of group matches every record.
    const withAnything = {
      match: 'any',
      filters: [anyOf.filters[0], { field: 'name', operator: 'none' }],
    };
    expect(await idsOf('accounts', [withAnything])).toEqual(ALL);
  });

  it('ANDs filters', async () => {
    const filters = [
      { field: 'is_paying', operator: 'is', value: true },
      { field: 'mrr', operator: 'lt', value: 2000 },
    ];
    expect(await idsOf('accounts', filters)).toEqual(['a1']);
  });

  it('searches the string and email columns case-insensitively', async () => {
    expect(await idsOf('accounts', [], 'ACME')).toEqual(['a1']);
    expect(await idsOf('accounts', [], 'beta.i')).toEqual(['a2']);
    expect(await idsOf('accounts', [], "'; DROP TABLE accounts; --")).toEqual([]);
    expect(await idsOf('users', [], 'GAMMA.CO')).toEqual(['u4', 'u5']);
  });

  it('filters users by their account’s columns and their own metrics', async () => {
    expect(await idsOf('users', [{ field: 'account_plan', operator: 'eq', value: 'pro' }])).toEqual(
      ['u1', 'u2'],
    );
    expect(
      await idsOf('users', [{ field: 'account_name', operator: 'null', value: null }]),
    ).toEqual(['u6']);
    expect(await idsOf('users', [{ field: 'events_30d', operator: 'gte', value: 2 }])).toEqual([
      'u1',
      'u3',
    ]);
    expect(await idsOf('users', [{ field: 'title', operator: 'null', value: null }])).toEqual([
      'u2',
      'u6',
    ]);
  });
});
