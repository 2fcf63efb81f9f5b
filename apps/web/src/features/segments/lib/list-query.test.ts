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
});
