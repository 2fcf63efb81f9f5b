import type { Profile } from '@revlane/contracts';
import { cohortFavorites, cohorts } from '../../../platform/database/schema/index.js';
import { COHORT_COUNTS_TABLE } from '../../../warehouse/index.js';
import { API, type LiveOpsFixture } from './live-ops-fixture.js';

/** `[cohortId, 'YYYY-MM-DD', members, entered, left]`: one cohort_counts row. */
export type CountRow = [string, string, number, number, number];

/**
 * Writes cohort_counts rows straight into the organization's warehouse, as the snapshot job
 * would, creating the table on first use.
 */
export async function seedCohortCounts(f: LiveOpsFixture, orgId: string, rows: CountRow[]) {
  const { engine } = f.t.app.warehouse;
  if (!(await engine.hasTable(orgId, COHORT_COUNTS_TABLE.name))) {
    await engine.createTable(orgId, COHORT_COUNTS_TABLE);
  }
  const day = (row: CountRow) => Date.parse(`${row[1]}T00:00:00Z`);
  await engine.bulkLoad(orgId, COHORT_COUNTS_TABLE, [
    {
      rowCount: rows.length,
      columns: [
        rows.map((row) => row[0]),
        rows.map(day),
        rows.map((row) => row[2]),
        rows.map((row) => row[3]),
        rows.map((row) => row[4]),
        rows.map((row) => day(row) + 3_600_000),
      ],
    },
  ]);
}

/** A cohort row inserted directly (the cohorts routes would also snapshot it). */
export async function insertCohort(
  f: LiveOpsFixture,
  orgId: string,
  segmentId: string,
  name: string,
): Promise<string> {
  const [row] = await f.t.database.db
    .insert(cohorts)
    .values({ orgId, segmentId, name, filters: [] })
    .returning({ id: cohorts.id });
  return row!.id;
}

export async function starCohort(f: LiveOpsFixture, userId: string, cohortId: string) {
  await f.t.database.db.insert(cohortFavorites).values({ userId, cohortId });
}

export async function userIdOf(f: LiveOpsFixture, user: LiveOpsFixture['dana']) {
  const response = await f.inject(user, { method: 'GET', url: '/user/api/v1/users/me' });
  return response.json<{ data: Profile }>().data.id;
}

export { API };
