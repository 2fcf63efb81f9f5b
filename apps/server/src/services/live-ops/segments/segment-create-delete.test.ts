import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_OPS_API,
  segmentDetailSchema,
  type SegmentDataPage,
  type SegmentDependent,
  type SegmentDetail,
  type SegmentFilter,
  type SegmentSummary,
} from '@revlane/contracts';
import { testUser, type TestUser } from '../../../../test/app.js';
import { cohortsClient } from '../__tests__/cohorts-test-client.js';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { routesClient } from '../__tests__/routes-client.js';
import { DEFAULT_SETTINGS } from './segment-defaults.js';

const PRO: SegmentFilter[] = [{ field: 'plan', operator: 'includes', value: ['pro'] }];

describe('live-ops: POST segments and DELETE segments/{id}', () => {
  const f = useLiveOpsFixture();
  const api = () => routesClient(f, API);
  /** A member (not an admin) of Dana's organization. */
  let lee: TestUser;
  const unregister: (() => void)[] = [];
  beforeAll(async () => {
    lee = await testUser(f.t, 'lee@acme-demo.example');
  });
  afterEach(() => unregister.splice(0).forEach((remove) => remove()));

  const create = (user: TestUser, body: unknown) =>
    api().create(user, LIVE_OPS_API.segments, body, segmentDetailSchema);
  const menuOf = (user: TestUser) => api().read<SegmentSummary[]>(user, LIVE_OPS_API.mySegments);
  const remove = (user: TestUser, id: string) =>
    api().call(user, 'DELETE', LIVE_OPS_API.segment(id));

  it('creates a segment (201): its detail with the defaults, last in everyone’s menu', async () => {
    const created = await create(f.dana, { name: '  Power users ', baseTable: 'users' });
    expect(created).toMatchObject({
      name: 'Power users',
      description: '',
      baseTable: 'users',
      disabled: false,
      filters: [],
      ...DEFAULT_SETTINGS.users,
      status: 'ready',
    });
    expect(await api().read<SegmentDetail>(f.dana, LIVE_OPS_API.segment(created.id))).toEqual(
      created,
    );
    for (const user of [f.dana, lee]) {
      expect((await menuOf(user)).at(-1)).toEqual({
        id: created.id,
        name: 'Power users',
        disabled: false,
      });
    }
    expect((await menuOf(f.eve)).map((segment) => segment.id)).not.toContain(created.id);
  });

  it('starts from the given base filters: they are its definition, applied to its rows', async () => {
    // A member may create, as a member may change a segment's settings (docs/product.md §6).
    const created = await create(lee, {
      name: 'Pro accounts',
      baseTable: 'accounts',
      filters: PRO,
    });
    expect(created.filters).toEqual(PRO);
    const page = await api().read<SegmentDataPage>(f.dana, LIVE_OPS_API.data(created.id));
    const pro = await f.t.app.warehouse.reader.page({
      orgId: f.danaOrg,
      table: 'accounts',
      filters: PRO,
      perPage: 1,
    });
    expect(pro.total).toBeGreaterThan(0);
    expect(page.total).toBe(pro.total);
  });

  it.each([
    [{ name: '', baseTable: 'accounts' }, 'body.name'],
    [{ name: 'x'.repeat(101), baseTable: 'accounts' }, 'body.name'],
    [{ name: 'Orders', baseTable: 'orders' }, 'body.baseTable'],
    [{ name: 'Orders' }, 'body.baseTable'],
    [{ name: 'Orders', baseTable: 'accounts', owner: 'me' }, 'body.owner'],
    [
      {
        name: 'Bad',
        baseTable: 'accounts',
        filters: [{ field: 'nope', operator: 'eq', value: 1 }],
      },
      'body.filters[0].field',
    ],
    [
      {
        name: 'Bad',
        baseTable: 'accounts',
        filters: [{ field: 'plan', operator: 'gt', value: 1 }],
      },
      'body.filters[0].operator',
    ],
    [
      {
        name: 'Bad',
        baseTable: 'accounts',
        filters: [{ field: 'mrr', operator: 'gt', value: 'lots' }],
      },
      'body.filters[0].value',
    ],
    // An accounts column is no users column: filters are checked against the chosen table.
    [{ name: 'Bad', baseTable: 'users', filters: PRO }, 'body.filters[0].field'],
  ])('refuses %j with a 400 naming %s, creating nothing', async (body, path) => {
    const before = await menuOf(f.dana);
    const response = await api().call(f.dana, 'POST', LIVE_OPS_API.segments, body);
    expect(response.statusCode, response.body).toBe(400);
    const { errors } = response.json<{ errors: { path: string }[] }>();
    expect(errors.map((error) => error.path)).toContain(path);
    expect(await menuOf(f.dana)).toEqual(before);
  });

  it('refuses a name the organization has (409 naming body.name), not one of another org', async () => {
    const taken = await api().call(f.dana, 'POST', LIVE_OPS_API.segments, {
      name: ' All accounts',
      baseTable: 'users',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'conflict',
      errors: [{ path: 'body.name', message: expect.stringContaining('All accounts') as unknown }],
    });
    const eveOwn = await create(f.eve, { name: 'Pro accounts', baseTable: 'accounts' });
    expect(eveOwn.name).toBe('Pro accounts');
  });

  it('deletes a segment nothing depends on (204): gone from the menu, then 404', async () => {
    const created = await create(f.dana, { name: 'Short-lived', baseTable: 'accounts' });
    const dependents = await api().read<SegmentDependent[]>(
      f.dana,
      LIVE_OPS_API.dependents(created.id),
    );
    expect(dependents).toEqual([]);
    // Another organization's user cannot even see it.
    expect((await remove(f.eve, created.id)).statusCode).toBe(404);

    const response = await remove(lee, created.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await menuOf(f.dana)).map((segment) => segment.id)).not.toContain(created.id);
    expect((await api().call(f.dana, 'GET', LIVE_OPS_API.segment(created.id))).statusCode).toBe(
      404,
    );
    expect((await remove(f.dana, created.id)).statusCode).toBe(404);
    expect((await remove(f.dana, 'not-an-id')).statusCode).toBe(404);
  });

  it('refuses with 409 naming its cohorts and what watches them, and deletes nothing', async () => {
    const created = await create(f.dana, { name: 'Watched segment', baseTable: 'accounts' });
    const cohorts = cohortsClient(f);
    const watched = await cohorts.create(f.dana, created.id, { name: 'Watched', filters: [] });
    const plain = await cohorts.create(f.dana, created.id, { name: 'Plain', filters: [] });
    unregister.push(
      f.t.app.dependents.cohorts.register((_db, _orgId, cohortId) =>
        Promise.resolve(
          cohortId === watched.id ? [{ kind: 'alert' as const, id: 'a-1', name: 'Drop' }] : [],
        ),
      ),
    );
    const expected = [
      { kind: 'cohort', id: plain.id, name: 'Plain' },
      { kind: 'cohort', id: watched.id, name: 'Watched' },
      { kind: 'alert', id: 'a-1', name: 'Drop' },
    ];
    expect(await api().read(f.dana, LIVE_OPS_API.dependents(created.id))).toEqual(expected);

    const response = await remove(f.dana, created.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'conflict',
      message: '"Watched segment" is used by 2 cohorts and 1 alert; change or delete them first',
      errors: expected.map(({ kind, id, name }) => ({ path: `${kind}:${id}`, message: name })),
    });
    expect((await menuOf(f.dana)).map((segment) => segment.id)).toContain(created.id);
    expect(await cohorts.list(f.dana, created.id)).toHaveLength(2);

    for (const cohort of [watched, plain]) {
      expect((await cohorts.remove(f.dana, created.id, cohort.id)).statusCode).toBe(
        cohort === watched ? 409 : 204,
      );
    }
    unregister.splice(0).forEach((stop) => stop());
    expect((await cohorts.remove(f.dana, created.id, watched.id)).statusCode).toBe(204);
    expect((await remove(f.dana, created.id)).statusCode).toBe(204);
  });
});
