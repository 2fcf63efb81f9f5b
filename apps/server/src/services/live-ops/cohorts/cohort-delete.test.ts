import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COHORTS_API } from '@revlane/contracts';
import { API, createLiveOpsFixture, type LiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { cohortsClient } from '../__tests__/cohorts-test-client.js';

describe('live-ops: DELETE segments/{id}/cohorts/{cohortId}', () => {
  let f: LiveOpsFixture;
  let c: ReturnType<typeof cohortsClient>;
  let segment: string;
  const unregister: (() => void)[] = [];
  beforeAll(async () => {
    f = await createLiveOpsFixture({ load: false });
    c = cohortsClient(f);
    segment = f.segmentId('All accounts');
  });
  afterEach(() => unregister.splice(0).forEach((remove) => remove()));
  afterAll(() => f.close());

  const read = (id: string) =>
    f.inject(f.dana, { method: 'GET', url: `${API}/${COHORTS_API.cohort(id)}` });

  it('deletes a cohort nobody depends on: 204, then 404', async () => {
    const cohort = await c.create(f.dana, segment, {
      name: 'Short-lived',
      filters: [],
      favorite: true,
    });
    const response = await c.remove(f.dana, segment, cohort.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await read(cohort.id)).statusCode).toBe(404);
    expect((await c.remove(f.dana, segment, cohort.id)).statusCode).toBe(404);
  });

  it('refuses with 409 naming every dependent, and deletes nothing', async () => {
    const cohort = await c.create(f.dana, segment, { name: 'Watched', filters: [] });
    const other = await c.create(f.dana, segment, { name: 'Unwatched', filters: [] });
    const seen: unknown[] = [];
    unregister.push(
      f.t.app.dependents.cohorts.register((_db, orgId, cohortId) => {
        seen.push({ orgId, cohortId });
        const alert = { kind: 'alert' as const, id: 'a-1', name: 'Drop in watched' };
        return Promise.resolve(cohortId === cohort.id ? [alert] : []);
      }),
      f.t.app.dependents.cohorts.register((_db, _orgId, cohortId) => {
        const play = { kind: 'play' as const, id: 'p-1', name: 'Welcome sequence' };
        return Promise.resolve(cohortId === cohort.id ? [play] : []);
      }),
    );
    const response = await c.remove(f.dana, segment, cohort.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'conflict',
      message: expect.stringContaining('Watched') as unknown,
      errors: [
        { path: 'alert:a-1', message: 'Drop in watched' },
        { path: 'play:p-1', message: 'Welcome sequence' },
      ],
    });
    expect(seen).toEqual([{ orgId: f.danaOrg, cohortId: cohort.id }]);
    expect((await read(cohort.id)).statusCode).toBe(200);
    expect(await c.versions(f.dana, cohort.id)).toHaveLength(1);
    expect((await c.remove(f.dana, segment, other.id)).statusCode).toBe(204);
  });
});
