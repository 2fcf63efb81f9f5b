import { beforeAll, describe, expect, it } from 'vitest';
import { COHORTS_API, type Cohort } from '@revlane/contracts';
import { cohorts } from '../../../platform/database/schema/index.js';
import { API, useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import { cohortsClient } from '../__tests__/cohorts-test-client.js';
import { findCohort, lockCohort, updateCohort } from './cohorts.repository.js';

/** A user id that stars nothing. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

describe('live-ops: another organization’s cohort is 404 on every route (docs/architecture.md §2)', () => {
  const f = useLiveOpsFixture({ load: false });
  let c: ReturnType<typeof cohortsClient>;
  let danaCohort: Cohort;
  beforeAll(async () => {
    c = cohortsClient(f);
    danaCohort = await c.create(f.dana, f.segmentId('All accounts'), {
      name: 'Dana’s',
      filters: [],
    });
  });

  const routes = (segmentId: string, id: string) => [
    { method: 'GET' as const, url: `${API}/${COHORTS_API.segmentCohorts(segmentId)}` },
    {
      method: 'POST' as const,
      url: `${API}/${COHORTS_API.segmentCohorts(segmentId)}`,
      payload: { name: 'Planted', filters: [] },
    },
    {
      method: 'PATCH' as const,
      url: `${API}/${COHORTS_API.segmentCohort(segmentId, id)}`,
      payload: { name: 'Mine now', favorite: true },
    },
    { method: 'DELETE' as const, url: `${API}/${COHORTS_API.segmentCohort(segmentId, id)}` },
    { method: 'GET' as const, url: `${API}/${COHORTS_API.cohort(id)}` },
    { method: 'GET' as const, url: `${API}/${COHORTS_API.versions(id)}` },
  ];

  it('answers 404 to Eve for Dana’s segment and cohort ids, and for malformed ids', async () => {
    const cases = [
      [f.segmentId('All accounts'), danaCohort.id],
      // Her own segment does not open Dana's cohort either.
      [f.eveSegmentId('All accounts'), danaCohort.id],
      ['not-a-uuid', 'not-a-uuid'],
    ] as const;
    for (const [segmentId, id] of cases) {
      for (const request of routes(segmentId, id)) {
        if (segmentId === f.eveSegmentId('All accounts') && !request.url.includes(id)) continue;
        const response = await f.inject(f.eve, request);
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.json()).toMatchObject({ error: 'not_found' });
      }
    }
    const rows = await f.t.database.db.select().from(cohorts);
    expect(rows.map((row) => row.name)).toEqual(['Dana’s']);
    expect(await c.list(f.dana, f.segmentId('All accounts'))).toEqual([danaCohort]);
  });

  it('scopes repository statements: Dana’s id with Eve’s organization finds and changes nothing', async () => {
    const { db } = f.t.database;
    expect(await findCohort(db, f.eveOrg, danaCohort.id, NOBODY)).toBeUndefined();
    expect(await lockCohort(db, f.eveOrg, danaCohort.id)).toBeUndefined();
    expect(await updateCohort(db, f.eveOrg, danaCohort.id, { name: 'Hijacked' })).toBeUndefined();
    expect((await findCohort(db, f.danaOrg, danaCohort.id, NOBODY))?.name).toBe('Dana’s');
  });
});
