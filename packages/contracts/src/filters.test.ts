import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATA_TYPES, type DataType } from './data-types.js';
import {
  FILTER_OPERATORS,
  OPERATORS_BY_DATA_TYPE,
  describeFilterValueProblem,
  filterItemSchema,
  flattenFilters,
  isFilterGroup,
  isOperatorAllowed,
  isSameFilters,
  type FilterOperator,
} from './filters.js';

describe('filter operators', () => {
  it('has the 18 operators of docs/product.md §5 and the 3 relative dates of §5.1', () => {
    expect(Object.keys(FILTER_OPERATORS).sort()).toEqual(
      [
        'eq',
        'lt',
        'lte',
        'gt',
        'gte',
        'between_n',
        'null',
        'not_null',
        'is',
        'contains',
        'not_contains',
        'includes',
        'excludes',
        'before',
        'after',
        'between',
        'on',
        'none',
        'last_n_days',
        'older_than_n_days',
        'next_n_days',
      ].sort(),
    );
    for (const operator of Object.values(FILTER_OPERATORS)) expect(operator.help).not.toBe('');
    expect(FILTER_OPERATORS.null.help).toBe('Check if data is blank/null.');
  });

  it('keeps the quoted data type help texts', () => {
    expect(DATA_TYPES.numeric).toBe('Value is an interger number.');
    expect(DATA_TYPES.boolean).toBe('only 2 values: True and False');
  });

  it('offers every operator for at least one data type', () => {
    const offered = new Set(Object.values(OPERATORS_BY_DATA_TYPE).flat());
    expect(offered.size).toBe(21);
    expect(isOperatorAllowed('numeric', 'between_n')).toBe(true);
    expect(isOperatorAllowed('boolean', 'contains')).toBe(false);
  });

  it.each<[FilterOperator, unknown, boolean]>([
    ['eq', 'pro', true],
    ['gt', 5, true],
    ['gt', '5', false],
    ['between_n', [1, 10], true],
    ['between_n', [10, 1], false],
    ['null', undefined, true],
    ['is', true, true],
    ['is', 'true', false],
    ['includes', [], false],
    ['last_n_days', 30, true],
    ['last_n_days', 36_500, true],
    ['last_n_days', 36_501, false],
    ['older_than_n_days', 1.5, false],
    ['next_n_days', '7', false],
    ['includes', ['a', 'b'], true],
    ['before', '2026-01-31', true],
    ['before', 'yesterday', false],
    ['between', ['2026-01-01', '2026-02-01'], true],
    ['between', ['2026-02-01', '2026-01-01'], false],
    ['contains', '', false],
  ])('%s with %j is valid: %s', (operator, value, valid) => {
    expect(describeFilterValueProblem({ field: 'f', operator, value }) === null).toBe(valid);
  });

  it('maps every data type', () => {
    for (const type of Object.keys(DATA_TYPES) as DataType[]) {
      expect(OPERATORS_BY_DATA_TYPE[type].length).toBeGreaterThan(0);
    }
  });
});

describe('filter groups (docs/product.md §5.2)', () => {
  const pro = { field: 'plan', operator: 'eq' as const, value: 'pro' };
  const rich = { field: 'mrr', operator: 'gt' as const, value: 5000 };

  it('accepts a list of filters and groups, one level deep', () => {
    const list = z.array(filterItemSchema);
    expect(list.safeParse([pro, { match: 'any', filters: [pro, rich] }]).success).toBe(true);
    expect(list.safeParse([{ match: 'some', filters: [pro] }]).success).toBe(false);
    expect(list.safeParse([{ match: 'any', filters: [] }]).success).toBe(false);
    expect(
      list.safeParse([{ match: 'any', filters: [{ match: 'all', filters: [pro] }] }]).success,
    ).toBe(false);
  });

  it('compares groups by meaning, key order aside', () => {
    const group = { match: 'any' as const, filters: [pro, rich] };
    expect(isSameFilters([group], [{ filters: [pro, rich], match: 'any' }])).toBe(true);
    expect(isSameFilters([group], [{ ...group, match: 'all' }])).toBe(false);
    expect(isSameFilters([group], [pro, rich])).toBe(false);
    expect(flattenFilters([pro, group])).toEqual([pro, pro, rich]);
    expect(isFilterGroup(group)).toBe(true);
    expect(isFilterGroup(pro)).toBe(false);
  });
});
