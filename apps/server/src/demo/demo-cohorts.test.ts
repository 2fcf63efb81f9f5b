import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@revlane/contracts';
import {
  cohortFavorites,
  cohorts,
  cohortVersions,
  segments,
} from '../platform/database/schema/index.js';
import { API, useLiveOpsFixture } from '../services/live-ops/__tests__/live-ops-fixture.js';
import { cohortsClient } from '../services/live-ops/__tests__/cohorts-test-client.js';
import { DEMO_COHORTS, seedDemoCohorts } from './demo-cohorts.js';

describe('seedDemoCohorts', () => {
  const f = useLiveOpsFixture();
  let danaId: string;
  beforeAll(async () => {
    const me = await f.inject(f.dana, { method: 'GET', url: '/user/api/v1/users/me' });
    danaId = me.json<{ data: Profile }>().data.id;
  });

  const snapshot = async () => {
    const { db } = f.t.database;
    return {
      cohorts: await db.select().from(cohorts).orderBy(asc(cohorts.name), asc(cohorts.id)),
      versions: await db.select().from(cohortVersions).orderBy(asc(cohortVersions.cohortId)),
      favorites: await db.select().from(cohortFavorites).orderBy(asc(cohortFavorites.cohortId)),
    };
  };

  it('gives every enabled demo segment its cohorts, each with version 1, once', async () => {
    const { db } = f.t.database;
    await seedDemoCohorts(db, f.danaOrg, danaId);
    const first = await snapshot();
    const expected = Object.values(DEMO_COHORTS).flat();
    expect(first.cohorts).toHaveLength(expected.length);
    expect(first.cohorts.every((cohort) => cohort.orgId === f.danaOrg)).toBe(true);
    expect(first.versions.map((version) => version.version)).toEqual(expected.map(() => 1));
    const starred = expected.filter((cohort) => cohort.isFavorite).length;
    expect(first.favorites).toHaveLength(starred);
    expect(first.favorites.every((favorite) => favorite.userId === danaId)).toBe(true);

    await seedDemoCohorts(db, f.danaOrg, danaId);
    await Promise.all([seedDemoCohorts(db, f.danaOrg), seedDemoCohorts(db, f.danaOrg, danaId)]);
    expect(await snapshot()).toEqual(first);
  });

  it('leaves a renamed or unstarred demo cohort alone and seeds no copy of it (by seed key, not name)', async () => {
    const { db } = f.t.database;
    const c = cohortsClient(f);
    const segmentId = f.segmentId('Product-qualified accounts');
    const [highlyActive] = (await c.list(f.dana, segmentId)).filter((x) => x.favorite);
    expect(highlyActive?.name).toBe('Highly active');
    await c.patch(f.dana, segmentId, highlyActive!.id, { name: 'Very active', favorite: false });
    await seedDemoCohorts(db, f.danaOrg, danaId);
    const names = (await c.list(f.dana, segmentId)).map(({ name, favorite }) => ({
      name,
      favorite,
    }));
    // The renamed cohort keeps its new name and its missing star; no "Highly active" again.
    expect(names).toEqual([
      { name: 'Free but engaged', favorite: false },
      { name: 'Pro plan', favorite: false },
      { name: 'Very active', favorite: false },
    ]);
  });

  it('skips disabled segments', async () => {
    const { db } = f.t.database;
    const [churn] = await db
      .select({ id: segments.id })
      .from(segments)
      .where(and(eq(segments.orgId, f.danaOrg), eq(segments.disabled, true)));
    expect(await db.select().from(cohorts).where(eq(cohorts.segmentId, churn!.id))).toEqual([]);
  });

  it('uses filters the data endpoint accepts, none matching the whole segment', async () => {
    const { db } = f.t.database;
    const rows = await db
      .select({ name: cohorts.name, filters: cohorts.filters, segmentId: cohorts.segmentId })
      .from(cohorts)
      .where(eq(cohorts.orgId, f.danaOrg));
    for (const cohort of rows) {
      const total = async (filters: unknown[]) => {
        const response = await f.inject(f.dana, {
          method: 'GET',
          url: `${API}/segments/${cohort.segmentId}/data`,
          query: { perPage: '1', ...(filters.length ? { filters: JSON.stringify(filters) } : {}) },
        });
        expect(response.statusCode, `${cohort.name}: ${response.body}`).toBe(200);
        return response.json<{ data: { total: number } }>().data.total;
      };
      const [all, matching] = [await total([]), await total(cohort.filters)];
      expect(matching, cohort.name).toBeLessThan(all);
    }
  });
});
