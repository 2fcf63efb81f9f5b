import { beforeAll, describe, expect, it } from 'vitest';
import { COHORTS_API, type Cohort } from '@revlane/contracts';
import { testUser, type TestUser } from '../../../../test/app.js';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { isUniqueViolation } from '../../../platform/database/unique-violation.js';
import { cohortsClient } from '../__tests__/cohorts-test-client.js';
import { insertCohort } from './cohorts.repository.js';

const highlyActive = [{ field: 'active_users_7d', operator: 'gte' as const, value: 5 }];

describe('live-ops: cohorts CRUD', () => {
  const f = useLiveOpsFixture({ load: false });
  let c: ReturnType<typeof cohortsClient>;
  let alex: TestUser;
  let pqa: string;
  beforeAll(async () => {
    c = cohortsClient(f);
    alex = await testUser(f.t, 'alex@acme-demo.example');
    pqa = f.segmentId('Product-qualified accounts');
  });

  it('creates a cohort and reads it back, with no snapshot yet', async () => {
    const created = await c.create(f.dana, pqa, {
      name: '  Highly active ',
      filters: highlyActive,
    });
    expect(created).toMatchObject({
      segmentId: pqa,
      name: 'Highly active',
      filters: highlyActive,
      favorite: false,
      members: null,
      snapshotAt: null,
    });
    const read = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/${COHORTS_API.cohort(created.id)}`,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: created });
    expect(await c.list(f.dana, pqa)).toEqual([created]);
  });

  it('lists each user’s own favorites first, then by name', async () => {
    const segment = f.segmentId('All accounts');
    const any = [] as never[];
    const zeta = await c.create(f.dana, segment, { name: 'Zeta', filters: any, favorite: true });
    await c.create(f.dana, segment, { name: 'Alpha', filters: any });
    const mid = await c.create(alex, segment, { name: 'Mid', filters: any });
    const star = await c.patch(alex, segment, mid.id, { favorite: true });
    expect(star.statusCode).toBe(200);
    expect(star.json<{ data: Cohort }>().data.favorite).toBe(true);
    const namesFor = async (user: TestUser) =>
      (await c.list(user, segment)).map(({ name, favorite }) => `${name}${favorite ? '*' : ''}`);
    expect(await namesFor(f.dana)).toEqual(['Zeta*', 'Alpha', 'Mid']);
    expect(await namesFor(alex)).toEqual(['Mid*', 'Alpha', 'Zeta']);
    await c.patch(f.dana, segment, zeta.id, { favorite: false });
    expect(await namesFor(f.dana)).toEqual(['Alpha', 'Mid', 'Zeta']);
  });

  it('renames and changes filters', async () => {
    const cohort = await c.create(f.dana, pqa, { name: 'Pro', filters: [] });
    const filters = [{ field: 'plan', operator: 'includes' as const, value: ['pro'] }];
    const response = await c.patch(f.dana, pqa, cohort.id, { name: 'Pro plan', filters });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json<{ data: Cohort }>().data;
    expect(changed).toMatchObject({ id: cohort.id, name: 'Pro plan', filters });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(cohort.updatedAt));
  });

  it('answers 409 naming the name for a duplicate on create and on rename', async () => {
    const duplicate = await c.post(f.dana, pqa, { name: 'Highly active', filters: [] });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      error: 'conflict',
      errors: [{ path: 'body.name', message: expect.stringContaining('Highly active') as unknown }],
    });
    const other = await c.create(f.dana, pqa, { name: 'Rename me', filters: [] });
    const rename = await c.patch(f.dana, pqa, other.id, { name: 'Highly active' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toMatchObject({ errors: [{ path: 'body.name' }] });
    // Unique within a segment only.
    await c.create(f.dana, f.segmentId('Expansion candidates'), {
      name: 'Highly active',
      filters: [],
    });
  });

  it('maps the unique index to 409 when two creates race for a name', async () => {
    const segment = f.segmentId('Expansion candidates');
    const race = await Promise.all(
      [0, 1].map(() => c.post(f.dana, segment, { name: 'Raced', filters: [] })),
    );
    expect(race.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    // The index itself, as both stores report it (the pre-check cannot see a racing insert).
    const values = {
      orgId: f.danaOrg,
      segmentId: segment,
      name: 'Raced',
      filters: [],
      createdBy: null,
    };
    const error = await insertCohort(f.t.database.db, values).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('answers 400 naming each bad filter, checked by the segment compiler', async () => {
    const filters = [
      { field: 'no_such_column', operator: 'eq', value: 1 },
      { field: 'plan', operator: 'gt', value: 1 },
      { field: 'active_users_7d', operator: 'gte', value: 'five' },
    ];
    const response = await c.post(f.dana, pqa, { name: 'Broken', filters });
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual([
      'body.filters[0].field',
      'body.filters[1].operator',
      'body.filters[2].value',
    ]);
    const cohort = (await c.list(f.dana, pqa))[0]!;
    const patch = await c.patch(f.dana, pqa, cohort.id, { filters: [filters[1]] });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toMatchObject({ errors: [{ path: 'body.filters[0].operator' }] });
    expect((await c.list(f.dana, pqa)).some((row) => row.name === 'Broken')).toBe(false);
  });

  it('checks fields against the segment’s own base table', async () => {
    // `events_7d` on users is a column; `role` is not one of accounts.
    const users = f.segmentId('Active users');
    await c.create(f.dana, users, {
      name: 'Admins',
      filters: [{ field: 'role', operator: 'includes', value: ['admin'] }],
    });
    const onAccounts = await c.post(f.dana, pqa, {
      name: 'Admins',
      filters: [{ field: 'role', operator: 'includes', value: ['admin'] }],
    });
    expect(onAccounts.statusCode).toBe(400);
  });

  it('answers 404 for a cohort under another segment and for unknown or malformed ids', async () => {
    const cohort = (await c.list(f.dana, pqa))[0]!;
    const wrong = f.segmentId('All accounts');
    expect((await c.patch(f.dana, wrong, cohort.id, { name: 'Moved' })).statusCode).toBe(404);
    expect((await c.remove(f.dana, wrong, cohort.id)).statusCode).toBe(404);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await f.inject(f.dana, {
        method: 'GET',
        url: `${API}/${COHORTS_API.cohort(id)}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: 'Cohort not found' });
    }
  });

  it('answers 400 to bodies the contract refuses', async () => {
    const cohort = (await c.list(f.dana, pqa))[0]!;
    expect((await c.post(f.dana, pqa, { name: '', filters: [] })).statusCode).toBe(400);
    expect((await c.post(f.dana, pqa, { name: 'X', filters: [], extra: 1 })).statusCode).toBe(400);
    expect((await c.patch(f.dana, pqa, cohort.id, {})).statusCode).toBe(400);
  });
});
