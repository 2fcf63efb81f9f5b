import { MAX_PER_PAGE } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { compileSegmentQuery } from '../compiler/compile-segment-query.js';
import { SegmentQueryError, type QueryIssue } from '../compiler/segment-query-error.js';
import type { SegmentQueryInput } from '../compiler/segment-query-input.js';
import { normaliseFilterValue } from '../compiler/filter-values.js';
import { IssueList } from '../compiler/segment-query-error.js';
import { validateFilters } from '../compiler/validate-filters.js';
import { BUILT_IN_CATALOGUE } from '../catalogue/org-catalogue.js';
import { duckdbDialect } from '../duckdb/duckdb-dialect.js';

const orgId = 'org-errors';

function issuesOf(input: Partial<SegmentQueryInput>): readonly QueryIssue[] {
  try {
    compileSegmentQuery({ orgId, table: 'accounts', ...input }, duckdbDialect);
  } catch (error) {
    expect(error).toBeInstanceOf(SegmentQueryError);
    return (error as SegmentQueryError).issues;
  }
  throw new Error('expected a SegmentQueryError');
}

describe('filter compiler: bad input is a typed error naming the part (→ 400)', () => {
  it.each([
    [
      'an unknown field',
      { field: 'favourite_colour', operator: 'eq', value: 'red' },
      'filters[0].field',
      'Unknown field "favourite_colour" in accounts',
    ],
    [
      'an operator the data type does not allow',
      { field: 'name', operator: 'lt', value: 3 },
      'filters[0].operator',
      'Operator "lt" does not apply to Name (string); use one of: eq, contains, not_contains, includes, excludes, null, not_null, none',
    ],
    [
      'an unknown operator',
      { field: 'name', operator: 'like', value: 'x' },
      'filters[0].operator',
      'Unknown operator; operators are: eq, lt, lte, gt, gte, between_n, null, not_null, is, contains, not_contains, includes, excludes, before, after, between, on, none, last_n_days, older_than_n_days, next_n_days',
    ],
    [
      'a filter that is not an object',
      'plan=pro',
      'filters[0]',
      'A filter needs field, operator and value',
    ],
    [
      'a number range the wrong way round',
      { field: 'mrr', operator: 'between_n', value: [10, 1] },
      'filters[0].value',
      'MRR: The first number must not exceed the second',
    ],
    [
      'a text for a numeric comparison',
      { field: 'seats', operator: 'gt', value: '5' },
      'filters[0].value',
      'Seats: Enter a number',
    ],
    [
      'a text for numeric equality',
      { field: 'mrr', operator: 'eq', value: '100' },
      'filters[0].value',
      'MRR takes a number',
    ],
    [
      'a boolean given as text',
      { field: 'is_paying', operator: 'is', value: 'true' },
      'filters[0].value',
      'Paying: Choose True or False',
    ],
    [
      'a date that does not exist',
      { field: 'created_at', operator: 'on', value: '2023-02-29' },
      'filters[0].value',
      'Created: Enter a day as YYYY-MM-DD',
    ],
    [
      'a date outside what both engines store alike',
      { field: 'created_at', operator: 'between', value: ['0999-12-31', '2024-01-01'] },
      'filters[0].value',
      'Not a valid date',
    ],
    [
      'a date that is not a date',
      { field: 'created_at', operator: 'before', value: 'yesterday' },
      'filters[0].value',
      'Created: Enter a day as YYYY-MM-DD',
    ],
    [
      'a text over 1,000 characters (a sentence, not the schema’s words)',
      { field: 'name', operator: 'contains', value: 'x'.repeat(1001) },
      'filters[0].value',
      'Name: A text has at most 1,000 characters',
    ],
    [
      'an empty list',
      { field: 'plan', operator: 'excludes', value: [] },
      'filters[0].value',
      'Plan: Pick at least one value',
    ],
    [
      'a sparkline filtered by anything but none',
      { field: 'activity_30d', operator: 'eq', value: 1 },
      'filters[0].operator',
      'Operator "eq" does not apply to Activity (30d) (timeseries); use one of: none',
    ],
  ])('%s', (_name, filter, path, message) => {
    expect(issuesOf({ filters: [filter] })).toEqual([{ path, message }]);
    // The validation entry point (stored filter sets) finds exactly what compiling would.
    expect(validateFilters(BUILT_IN_CATALOGUE, 'accounts', [filter])).toEqual([{ path, message }]);
  });

  it.each([
    [
      'a relative date that is not a whole number of days',
      { field: 'created_at', operator: 'last_n_days', value: 2.5 },
      'filters[0].value',
      'Created: Enter a whole number of days',
    ],
    [
      'a relative date of no days',
      { field: 'created_at', operator: 'older_than_n_days', value: 0 },
      'filters[0].value',
      'Created: Enter at least 1 day',
    ],
    [
      'a relative date on a number column',
      { field: 'mrr', operator: 'next_n_days', value: 3 },
      'filters[0].operator',
      'Operator "next_n_days" does not apply to MRR (numeric); use one of: eq, lt, lte, gt, gte, between_n, null, not_null, none',
    ],
    [
      'a group that matches neither any nor all',
      { match: 'some', filters: [{ field: 'plan', operator: 'eq', value: 'pro' }] },
      'filters[0].match',
      'A group matches "any" or "all" of its filters',
    ],
    [
      'an empty group',
      { match: 'any', filters: [] },
      'filters[0].filters',
      'A group holds 1 to 20 filters',
    ],
    [
      'a group inside a group',
      { match: 'any', filters: [{ match: 'all', filters: [] }] },
      'filters[0].filters[0]',
      'A group holds filters, not groups',
    ],
    [
      'a bad filter inside a group',
      {
        match: 'any',
        filters: [
          { field: 'plan', operator: 'eq', value: 'pro' },
          { field: 'plan', operator: 'gt', value: 1 },
        ],
      },
      'filters[0].filters[1].operator',
      'Operator "gt" does not apply to Plan (enum); use one of: eq, includes, excludes, null, not_null, none',
    ],
  ])('%s (docs/product.md §5.1, §5.2)', (_name, item, path, message) => {
    expect(issuesOf({ filters: [item] })).toEqual([{ path, message }]);
    expect(validateFilters(BUILT_IN_CATALOGUE, 'accounts', [item])).toEqual([{ path, message }]);
  });

  it('binds a group’s and a relative date’s values, never splicing them', () => {
    const compiled = compileSegmentQuery(
      {
        orgId,
        table: 'accounts',
        asOf: Date.UTC(2024, 5, 15, 12),
        filters: [
          {
            match: 'any',
            filters: [
              { field: 'name', operator: 'eq', value: "x' OR 1=1 --" },
              { field: 'created_at', operator: 'last_n_days', value: 30 },
            ],
          },
        ],
      },
      duckdbDialect,
    );
    expect(compiled.countQuery.sql).not.toContain('OR 1=1');
    expect(compiled.countQuery.sql).toMatch(/ OR /);
    expect(compiled.countQuery.params).toEqual(
      expect.arrayContaining([
        "x' or 1=1 --",
        '2024-05-16 00:00:00.000',
        '2024-06-16 00:00:00.000',
      ]),
    );
  });

  it('validateFilters accepts what the compiler accepts, without an organization', () => {
    const filters = [
      { field: 'plan', operator: 'includes', value: ['pro'] },
      { field: 'mrr', operator: 'gte', value: 100 },
      { field: 'activity_30d', operator: 'none' },
    ];
    expect(validateFilters(BUILT_IN_CATALOGUE, 'accounts', filters)).toEqual([]);
    expect(() => validateFilters(BUILT_IN_CATALOGUE, 'teams' as 'accounts', filters)).toThrow(
      /Unknown base table/,
    );
  });

  it('names every bad part at once, each at its own path', () => {
    const issues = issuesOf({
      filters: [
        { field: 'plan', operator: 'eq', value: 'pro' },
        { field: 'nope', operator: 'eq', value: 1 },
      ],
      columns: ['name', 'secret', 'mrr'],
      sortBy: [
        { field: 'mrr', isDescending: true },
        { field: 'activity_30d', isDescending: false },
        { field: 'ghost', isDescending: false },
      ],
      page: 0,
      perPage: 2.5,
      search: 'x'.repeat(201),
    });
    expect(issues).toEqual([
      { path: 'search', message: 'Search must be at most 200 characters' },
      { path: 'columns[1]', message: 'Unknown column "secret" in accounts' },
      { path: 'filters[1].field', message: 'Unknown field "nope" in accounts' },
      { path: 'sortBy[1]', message: 'Activity (30d) cannot be sorted' },
      { path: 'sortBy[2]', message: 'Unknown column "ghost" in accounts' },
      { path: 'page', message: 'page must be a whole number of at least 1' },
      { path: 'perPage', message: 'perPage must be a whole number of at least 1' },
    ]);
  });

  it('checks grouping columns and what groups can be sorted by', () => {
    expect(issuesOf({ groupBy: ['plan', 'plan'] })).toEqual([
      { path: 'pivot_identifier', message: 'Group by two different columns' },
    ]);
    expect(issuesOf({ groupBy: ['activity_30d'] })).toEqual([
      { path: 'pivot', message: 'Activity (30d) cannot be grouped' },
    ]);
    expect(issuesOf({ groupBy: ['plan', 'nope'] })).toEqual([
      { path: 'pivot_identifier', message: 'Unknown column "nope" in accounts' },
    ]);
    expect(issuesOf({ groupBy: ['plan', 'country', 'industry'] })).toEqual([
      { path: 'groupBy', message: 'Group by one or two columns' },
    ]);
    expect(
      issuesOf({
        groupBy: ['plan'],
        columns: ['name', 'mrr'],
        sortBy: [{ field: 'name', isDescending: false }],
      }),
    ).toEqual([
      {
        path: 'sortBy[0]',
        message: 'Groups sort by a group column, count or an aggregated column, not "name"',
      },
    ]);
  });

  it('checks user columns against the users catalogue, joined account columns included', () => {
    expect(issuesOf({ table: 'users', columns: ['account_plan', 'plan'] })).toEqual([
      { path: 'columns[1]', message: 'Unknown column "plan" in users' },
    ]);
  });

  it('caps perPage at MAX_PER_PAGE instead of refusing it', () => {
    const compiled = compileSegmentQuery(
      { orgId, table: 'accounts', perPage: 10_000, page: 3 },
      duckdbDialect,
    );
    expect(compiled.perPage).toBe(MAX_PER_PAGE);
    expect(compiled.pageQuery.params).toEqual([MAX_PER_PAGE, 2 * MAX_PER_PAGE]);
  });

  it('refuses an organization id that could not name a file or schema', () => {
    expect(() =>
      compileSegmentQuery({ orgId: '../../etc', table: 'accounts' }, duckdbDialect),
    ).toThrow('Invalid organization id');
  });
});

describe('enum values outside the options', () => {
  const plan = BUILT_IN_CATALOGUE.columns('accounts').find((column) => column.name === 'plan')!;
  const grade = {
    ...plan,
    name: 'grade_fit',
    label: 'Fit grade',
    computed: true,
    options: ['A', 'B'],
  };

  it('a stored enum takes a value its data does not hold now: a saved cohort keeps compiling', () => {
    const issues = new IssueList();
    expect(
      normaliseFilterValue(plan, 'includes', ['pro', 'growth'], issues, 'filters[0].value'),
    ).toEqual(['pro', 'growth']);
    expect(issues.issues).toEqual([]);
    const query = compileSegmentQuery(
      { orgId, table: 'accounts', filters: [{ field: 'plan', operator: 'eq', value: 'platinum' }] },
      duckdbDialect,
    );
    expect(query.countQuery.params).toContain('platinum');
  });

  it('a stored enum refuses a value differing from an option by case alone (a label typed)', () => {
    const issues = new IssueList();
    expect(
      normaliseFilterValue(plan, 'includes', ['pro', 'Pro'], issues, 'filters[0].value'),
    ).toBeUndefined();
    expect(issues.issues).toEqual([
      { path: 'filters[0].value', message: '"Pro" is not an option of Plan' },
    ]);
  });

  it('a computed enum (a score grade) refuses a value outside its options, naming it', () => {
    const issues = new IssueList();
    expect(
      normaliseFilterValue(grade, 'includes', ['A', 'Z'], issues, 'filters[0].value'),
    ).toBeUndefined();
    expect(issues.issues).toEqual([
      { path: 'filters[0].value', message: '"Z" is not an option of Fit grade' },
    ]);
  });
});
