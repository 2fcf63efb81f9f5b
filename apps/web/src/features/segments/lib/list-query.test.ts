import { describe, expect, it } from 'vitest';
import { parseSegmentView, toDataQuery, toSearchParams } from './list-query';

describe('segment view in the URL', () => {
  it('round-trips through the API serialisation', () => {
    const view = {
      page: 3,
      perPage: 100,
      search: 'globex',
      sortBy: [{ field: 'mrr', isDescending: true }],
      filters: [{ field: 'plan', operator: 'includes' as const, value: ['Pro'] }],
      columns: ['name', 'mrr'],
      groupBy: undefined,
    };
    const search = toSearchParams(view);
    expect(parseSegmentView(search)).toEqual(view);
    expect(toDataQuery(view)).toEqual({
      page: '3',
      perPage: '100',
      search: 'globex',
      sortBy: '-mrr',
      filters: JSON.stringify(view.filters),
      columns: '["name","mrr"]',
    });
  });

  it('falls back to defaults for invalid params without failing', () => {
    const view = parseSegmentView(
      new URLSearchParams({
        page: '-4',
        perPage: '100000',
        filters: '{not json',
        columns: '"name"',
        sortBy: ',',
      }),
    );
    expect(view).toEqual({
      page: 1,
      perPage: 50,
      search: undefined,
      sortBy: [],
      filters: undefined,
      columns: undefined,
      groupBy: undefined,
    });
  });

  it('drops filters whose value does not fit their operator', () => {
    const filters = JSON.stringify([
      { field: 'mrr', operator: 'gt', value: 'lots' },
      { field: 'mrr', operator: 'gt', value: 10 },
      { field: 'x', operator: 'nope' },
    ]);
    expect(parseSegmentView(new URLSearchParams({ filters })).filters).toBeUndefined();
    const good = JSON.stringify([{ field: 'mrr', operator: 'gt', value: 10 }]);
    expect(parseSegmentView(new URLSearchParams({ filters: good })).filters).toEqual([
      { field: 'mrr', operator: 'gt', value: 10 },
    ]);
  });

  it('round-trips a "Match any of" group beside plain filters (issue 25, item 8)', () => {
    const filters = [
      { field: 'is_paying', operator: 'is' as const, value: true },
      {
        match: 'any' as const,
        filters: [
          { field: 'plan', operator: 'includes' as const, value: ['pro'] },
          { field: 'mrr', operator: 'gt' as const, value: 5000 },
        ],
      },
    ];
    const search = toSearchParams({ page: 1, perPage: 50, filters });
    expect(search.get('filters')).toBe(JSON.stringify(filters));
    expect(parseSegmentView(search).filters).toEqual(filters);
    expect(toDataQuery(parseSegmentView(search)).filters).toBe(JSON.stringify(filters));
  });

  it('drops a group with a condition whose value does not fit, keeping the rest', () => {
    const kept = { field: 'mrr', operator: 'gt', value: 10 };
    const filters = JSON.stringify([
      kept,
      { match: 'any', filters: [kept, { field: 'created_at', operator: 'last_n_days', value: 0 }] },
    ]);
    expect(parseSegmentView(new URLSearchParams({ filters })).filters).toEqual([kept]);
  });
});
