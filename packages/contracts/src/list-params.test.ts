import { describe, expect, it } from 'vitest';
import { listQuerySchema, parseSort, serializeListParams } from './list-params.js';

describe('serializeListParams', () => {
  it('writes sort signs, JSON filters and columns, and omits empty lists', () => {
    const query = serializeListParams({
      page: 2,
      perPage: 25,
      search: 'acme',
      sortBy: [
        { field: 'mrr', isDescending: true },
        { field: 'name', isDescending: false },
      ],
      filters: [{ field: 'plan', operator: 'eq', value: 'pro' }],
      columns: [],
    });
    expect(query).toEqual({
      page: '2',
      perPage: '25',
      search: 'acme',
      sortBy: '-mrr,+name',
      filters: '[{"field":"plan","operator":"eq","value":"pro"}]',
    });
  });

  it('round-trips through the server-side schema', () => {
    const parsed = listQuerySchema.parse(
      serializeListParams({
        sortBy: [{ field: 'seats', isDescending: true }],
        filters: [{ field: 'seats', operator: 'gt', value: 5 }],
        columns: ['name', 'seats'],
      }),
    );
    expect(parsed.sortBy).toEqual([{ field: 'seats', isDescending: true }]);
    expect(parsed.filters).toEqual([{ field: 'seats', operator: 'gt', value: 5 }]);
    expect(parsed.columns).toEqual(['name', 'seats']);
    expect(parsed.page).toBe(1);
  });

  it('rejects malformed JSON and oversized pages', () => {
    expect(listQuerySchema.safeParse({ filters: '{not json' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ perPage: '100000' }).success).toBe(false);
  });

  it('reads an unsigned sort token as ascending', () => {
    expect(parseSort('name')).toEqual({ field: 'name', isDescending: false });
  });
});
