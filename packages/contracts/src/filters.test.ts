import { describe, expect, it } from 'vitest';
import { DATA_TYPES, type DataType } from './data-types.js';
import {
  FILTER_OPERATORS,
  OPERATORS_BY_DATA_TYPE,
  describeFilterValueProblem,
  isOperatorAllowed,
  type FilterOperator,
} from './filters.js';

describe('filter operators', () => {
  it('has the 18 operators of docs/product.md §5, each with help text', () => {
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
    expect(offered.size).toBe(18);
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
