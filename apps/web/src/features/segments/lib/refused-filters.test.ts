import { describe, expect, it } from 'vitest';
import { ApiError } from '@/common/api';
import { refusedFilters } from './refused-filters';

const refusal = (paths: string[], status = 400) =>
  new ApiError({
    message: 'The segment query is invalid',
    status,
    fieldErrors: paths.map((path) => ({ path, message: `${path} is wrong` })),
  });

describe('filters the server refused', () => {
  it('names each refused item of the list once, a group by its own index', () => {
    const refused = refusedFilters(
      refusal([
        'query.filters[0].value',
        'query.filters[0].operator',
        'query.filters[2].filters[1].value',
        'query.sortBy[0].field',
      ]),
    );
    expect([...refused]).toEqual([
      [0, 'query.filters[0].value is wrong'],
      [2, 'query.filters[2].filters[1].value is wrong'],
    ]);
  });

  it('names none for an error that is not a refused query', () => {
    expect(refusedFilters(null).size).toBe(0);
    expect(refusedFilters(refusal(['query.filters[0].value'], 503)).size).toBe(0);
  });
});
