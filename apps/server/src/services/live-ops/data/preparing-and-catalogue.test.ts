import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildFilterCatalogue,
  columnListSchema,
  FILTER_OPERATORS,
  type SegmentColumn,
  type SegmentDetail,
} from '@revlane/contracts';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';

describe('live-ops: preparing state, catalogues, random filters', () => {
  const f = useLiveOpsFixture({ load: false });

  const get = (url: string, query: Record<string, string> = {}) =>
    f.inject(f.dana, { method: 'GET', url: `${API}/${url}`, query });

  it('answers preparing until the organization’s first load, then data', async () => {
    const id = f.segmentId('All accounts');
    const before = await get(`segments/${id}/data`);
    expect(before.statusCode).toBe(202);
    expect(before.json()).toEqual({ data: { status: 'preparing' } });
    const detail = await get(`segments/${id}`);
    expect(detail.json<{ data: SegmentDetail }>().data.status).toBe('preparing');
    await f.loadTiny(f.danaOrg);
    expect((await get(`segments/${id}/data`)).statusCode).toBe(200);
    expect((await get(`segments/${id}`)).json<{ data: SegmentDetail }>().data.status).toBe('ready');
  });

  it('serves the filter catalogue of the contracts', async () => {
    const response = await get('segments/filters');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: buildFilterCatalogue() });
  });

  it('serves the column catalogue of each base table, computed columns included', async () => {
    for (const table of ['accounts', 'users']) {
      const response = await get(`segments/tables/${table}/columns`);
      expect(response.statusCode).toBe(200);
      const columns = response.json<{ data: SegmentColumn[] }>().data;
      expect(columnListSchema.parse(columns)).toEqual(columns);
      expect(columns.some((column) => column.computed)).toBe(true);
      expect(columns.find((column) => column.name === 'name')?.dataType).toBe('string');
    }
    expect((await get('segments/tables/events/columns')).statusCode).toBe(404);
    expect((await get('segments/tables/__proto__/columns')).statusCode).toBe(404);
  });

  it('answers random filters with 200 or 400, never 500', async () => {
    const id = f.segmentId('Active users');
    const fields = ['name', 'email', 'role', 'events_7d', 'last_seen_at', 'email_verified', 'nope'];
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
      fc.record({ from: fc.string(), to: fc.string() }),
      fc.constantFrom('2024-06-01', '2024-06-01T00:00:00Z', [1, 2], ['2024-01-01', '2024-02-01']),
    );
    const filter = fc.oneof(
      fc.record(
        {
          field: fc.oneof(fc.constantFrom(...fields), fc.string()),
          operator: fc.oneof(fc.constantFrom(...Object.keys(FILTER_OPERATORS)), fc.string()),
          value,
        },
        { requiredKeys: ['field', 'operator'] },
      ),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(filter, { maxLength: 3 }), fc.boolean(), async (filters, raw) => {
        const text = raw ? JSON.stringify(filters[0] ?? '[') : JSON.stringify(filters);
        const response = await get(`segments/${id}/data`, { filters: text ?? 'x', perPage: '5' });
        expect([200, 400], response.body).toContain(response.statusCode);
      }),
      { numRuns: 150 },
    );
  });
});
