import { beforeAll, describe, expect, it } from 'vitest';
import {
  cohortTrendListSchema,
  favoriteCohortListSchema,
  type FavoriteCohort,
} from '@revlane/contracts';
import { useLiveOpsFixture } from '../__tests__/live-ops-fixture.js';
import {
  API,
  insertCohort,
  seedCohortCounts,
  starCohort,
  userIdOf,
} from '../__tests__/cohort-seeds.js';

const DAY_MS = 86_400_000;
/** The sparkline ends today (the real clock): days are given as "days ago". */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

describe('live-ops: GET cohorts/favorites', () => {
  const f = useLiveOpsFixture({ load: false });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const [danaId, eveId] = [await userIdOf(f, f.dana), await userIdOf(f, f.eve)];
    ids.pqa = await insertCohort(f, f.danaOrg, f.segmentId('Product-qualified accounts'), 'Hot');
    ids.active = await insertCohort(f, f.danaOrg, f.segmentId('All accounts'), 'Active');
    ids.unstarred = await insertCohort(f, f.danaOrg, f.segmentId('All accounts'), 'Quiet');
    ids.eve = await insertCohort(f, f.eveOrg, f.eveSegmentId('All accounts'), 'Eve’s');
    for (const cohortId of [ids.pqa, ids.active]) await starCohort(f, danaId, cohortId);
    await starCohort(f, eveId, ids.eve);
    await seedCohortCounts(f, f.danaOrg, [
      [ids.active, daysAgo(0), 7, 1, 0],
      [ids.active, daysAgo(2), 6, 0, 1],
      [ids.active, daysAgo(29), 3, 3, 0],
      [ids.active, daysAgo(30), 99, 0, 0], // one day too old for the sparkline
      [ids.unstarred, daysAgo(0), 42, 0, 0],
    ]);
  });

  const favorites = async (user = f.dana) => {
    const response = await f.inject(user, { method: 'GET', url: `${API}/cohorts/favorites` });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: FavoriteCohort[] }>().data;
    expect(favoriteCohortListSchema.parse(data)).toEqual(data);
    return data;
  };

  it('lists the user’s starred cohorts with segment names and 30 days of members', async () => {
    const list = await favorites();
    expect(list.map((cohort) => [cohort.segmentName, cohort.name])).toEqual([
      ['All accounts', 'Active'],
      ['Product-qualified accounts', 'Hot'],
    ]);
    expect(list.every((cohort) => cohort.favorite)).toBe(true);
    const expected: (number | null)[] = Array.from({ length: 30 }, () => null);
    expected[0] = 3; // 29 days ago
    expected[27] = 6; // 2 days ago
    expected[29] = 7; // today
    expect(list[0]!.sparkline).toEqual(expected);
    expect(list[1]!.sparkline).toEqual(Array.from({ length: 30 }, () => null));
  });

  it('shows each user only their own organization’s stars', async () => {
    const list = await favorites(f.eve);
    expect(list.map((cohort) => cohort.name)).toEqual(['Eve’s']);
    // Eve's warehouse has no snapshot table yet: a sparkline of nulls, not an error.
    expect(list[0]!.sparkline).toEqual(Array.from({ length: 30 }, () => null));
  });

  const trends = async (query: string, user = f.dana) => {
    const response = await f.inject(user, { method: 'GET', url: `${API}/cohorts/trends${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: FavoriteCohort[] }>().data;
    expect(cohortTrendListSchema.parse(data)).toEqual(data);
    return data;
  };

  it('segment trends: every cohort with history in the range, starred or not', async () => {
    const month = await trends('?days=30');
    // "Hot" has no count: it would be an empty line, so it is left out.
    expect(month.map((cohort) => [cohort.segmentName, cohort.name, cohort.favorite])).toEqual([
      ['All accounts', 'Active', true],
      ['All accounts', 'Quiet', false],
    ]);
    expect(month[1]!.sparkline.at(-1)).toBe(42);
    const quarter = await trends('?days=90');
    expect(quarter[0]!.sparkline).toHaveLength(90);
    // 30 days ago is inside 90 days: its count shows there.
    expect(quarter[0]!.sparkline[59]).toBe(99);
    expect(await trends('', f.eve)).toEqual([]);
  });

  it('segment trends: a range other than 30, 90 or 180 days is a 400 naming days', async () => {
    const response = await f.inject(f.dana, { method: 'GET', url: `${API}/cohorts/trends?days=7` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors[0]!.path).toMatch(/days/);
  });
});
