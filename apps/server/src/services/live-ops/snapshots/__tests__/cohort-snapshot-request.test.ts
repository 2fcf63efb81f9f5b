import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COHORTS_API, type Cohort } from '@revlane/contracts';
import { FAST_JOBS_ENV } from '../../../../../test/jobs.js';
import {
  API,
  createLiveOpsFixture,
  type LiveOpsFixture,
} from '../../__tests__/live-ops-fixture.js';
import { COHORT_SNAPSHOTS_JOB } from '../snapshot-jobs.js';
import { cohortsClient } from '../../__tests__/cohorts-test-client.js';

describe('live-ops: a new cohort, or new filters, get a membership snapshot', () => {
  let f: LiveOpsFixture;
  let c: ReturnType<typeof cohortsClient>;
  beforeAll(async () => {
    f = await createLiveOpsFixture({ env: FAST_JOBS_ENV });
    c = cohortsClient(f);
  });
  afterAll(() => f.close());

  const membersAfterSnapshots = async (id: string) => {
    await f.t.app.jobs.drain(COHORT_SNAPSHOTS_JOB);
    const response = await f.inject(f.dana, {
      method: 'GET',
      url: `${API}/${COHORTS_API.cohort(id)}`,
    });
    return response.json<{ data: Cohort }>().data;
  };

  it('counts the members once the requested snapshot ran, and again after a filter change', async () => {
    const segment = f.segmentId('All accounts');
    const cohort = await c.create(f.dana, segment, {
      name: 'Pro',
      filters: [{ field: 'plan', operator: 'includes', value: ['pro'] }],
    });
    const first = await membersAfterSnapshots(cohort.id);
    expect(first.members).toBeGreaterThan(0);
    expect(first.snapshotAt).not.toBeNull();

    const patch = await c.patch(f.dana, segment, cohort.id, { filters: [] });
    expect(patch.statusCode).toBe(200);
    expect((await membersAfterSnapshots(cohort.id)).members).toBe(50);
  });
});
