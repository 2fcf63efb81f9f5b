import { describe, expect, it } from 'vitest';
import { segmentDetailSchema, type SegmentDetail } from '@revlane/contracts';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { DEMO_SEGMENTS } from '../../../demo/index.js';

describe('live-ops: GET and PATCH segments/{id}', () => {
  const f = useLiveOpsFixture();

  const get = (id: string) => f.inject(f.dana, { method: 'GET', url: `${API}/segments/${id}` });
  const patch = (id: string, payload: unknown) =>
    f.inject(f.dana, { method: 'PATCH', url: `${API}/segments/${id}`, payload: payload as object });

  it('answers the segment with its seeded settings, ready after the first load', async () => {
    const response = await get(f.segmentId('Product-qualified accounts'));
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: SegmentDetail }>();
    expect(segmentDetailSchema.parse(data)).toEqual(data);
    expect(data).toMatchObject({
      name: 'Product-qualified accounts',
      baseTable: 'accounts',
      disabled: false,
      status: 'ready',
      sorting: [{ field: 'active_users_7d', isDescending: true }],
      grouping: { pivot: null, pivotIdentifier: null },
    });
    expect(data.columns).toContain('active_users_7d');
    expect(Number.isNaN(Date.parse(data.updatedAt))).toBe(false);
  });

  it('fills unset settings with the base table defaults', async () => {
    const { data } = (await get(f.segmentId('All accounts'))).json<{ data: SegmentDetail }>();
    expect(data.columns.length).toBeGreaterThan(3);
    expect(data.columns).toContain('name');
    expect(data.sorting).toEqual([{ field: 'name', isDescending: false }]);
  });

  it('seeds only settings the compiler accepts', async () => {
    for (const segment of DEMO_SEGMENTS) {
      const { columns, sorting, grouping } = segment;
      const body = {
        ...(columns && { columns }),
        ...(sorting && { sorting }),
        ...(grouping && { grouping }),
      };
      if (Object.keys(body).length === 0) continue;
      expect((await patch(f.segmentId(segment.name), body)).statusCode).toBe(200);
    }
  });

  it('changes every setting and answers the new detail', async () => {
    const id = f.segmentId('Active users');
    const changes = {
      name: 'Power users',
      description: 'Busiest users',
      columns: ['email', 'events_30d'],
      sorting: [{ field: 'events_30d', isDescending: true }],
      grouping: { pivot: 'role', pivotIdentifier: 'title', aggregates: { events_30d: 'median' } },
      disabled: true,
    };
    const response = await patch(id, changes);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: SegmentDetail }>().data).toMatchObject(changes);
    expect((await get(id)).json<{ data: SegmentDetail }>().data).toMatchObject(changes);
    await patch(id, { name: 'Active users', disabled: false });
  });

  it.each([
    [{ columns: ['name', 'mrr', 'nope'] }, 'body.columns[2]'],
    [{ columns: [] }, 'body.columns'],
    [
      {
        sorting: [
          { field: 'name', isDescending: false },
          { field: 'bogus', isDescending: true },
        ],
      },
      'body.sorting[1].field',
    ],
    [{ sorting: [{ field: 'activity_30d', isDescending: true }] }, 'body.sorting[0].field'],
    [{ grouping: { pivot: 'nope', pivotIdentifier: null } }, 'body.grouping.pivot'],
    [{ grouping: { pivot: 'plan', pivotIdentifier: 'nope' } }, 'body.grouping.pivotIdentifier'],
    [{ grouping: { pivot: null, pivotIdentifier: 'plan' } }, 'body.grouping.pivot'],
    // Never a sum of percentages; aggregates only of numbers, of known columns.
    [
      { grouping: { pivot: 'plan', pivotIdentifier: null, aggregates: { seat_usage: 'sum' } } },
      'body.grouping.aggregates.seat_usage',
    ],
    [
      { grouping: { pivot: null, pivotIdentifier: null, aggregates: { name: 'max' } } },
      'body.grouping.aggregates.name',
    ],
    [
      { grouping: { pivot: null, pivotIdentifier: null, aggregates: { nope: 'sum' } } },
      'body.grouping.aggregates.nope',
    ],
    [
      { grouping: { pivot: null, pivotIdentifier: null, aggregates: { mrr: 'mode' } } },
      'body.grouping.aggregates.mrr',
    ],
    [{ name: '   ' }, 'body.name'],
    [{ description: 'x'.repeat(501) }, 'body.description'],
    [{ disabled: 'yes' }, 'body.disabled'],
    [{ colour: 'red' }, 'body.colour'],
    [{}, 'body'],
  ])('refuses %j with a 400 naming %s, changing nothing', async (body, path) => {
    const id = f.segmentId('All accounts');
    const before = (await get(id)).json<{ data: SegmentDetail }>().data;
    const response = await patch(id, body);
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: { path: string }[] }>();
    expect(errors.map((error) => error.path)).toContain(path);
    expect((await get(id)).json<{ data: SegmentDetail }>().data).toEqual(before);
  });

  it('says which aggregates fit a column it refuses', async () => {
    const id = f.segmentId('All accounts');
    const grouping = { pivot: null, pivotIdentifier: null };
    const sum = await patch(id, { grouping: { ...grouping, aggregates: { seat_usage: 'sum' } } });
    expect(sum.json<{ errors: unknown[] }>().errors).toEqual([
      {
        path: 'body.grouping.aggregates.seat_usage',
        message: 'A sum does not fit Seat usage (%): choose count, min, max, average or median',
      },
    ]);
    const text = await patch(id, { grouping: { ...grouping, aggregates: { plan: 'avg' } } });
    expect(text.json<{ errors: unknown[] }>().errors).toEqual([
      {
        path: 'body.grouping.aggregates.plan',
        message: 'Plan is not a number: groups do not aggregate it',
      },
    ]);
  });

  it('refuses a name another segment of the organization has (409), not one of another org', async () => {
    const id = f.segmentId('All accounts');
    const taken = await patch(id, { name: 'Active users' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'conflict' });
    const eveOnly = await f.inject(f.eve, {
      method: 'PATCH',
      url: `${API}/segments/${f.eveSegmentId('All accounts')}`,
      payload: { name: 'Eve’s accounts' },
    });
    expect(eveOnly.statusCode).toBe(200);
    expect((await patch(id, { name: 'Eve’s accounts' })).statusCode).toBe(200);
    expect((await patch(id, { name: 'All accounts' })).statusCode).toBe(200);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      expect((await get(encodeURIComponent(id))).statusCode).toBe(404);
      expect((await patch(encodeURIComponent(id), { name: 'x' })).statusCode).toBe(404);
    }
  });
});
