import type { FavoriteCohort } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import type { WarehouseAccess } from '../../../platform/warehouse/warehouse-plugin.js';
import { toCohort } from '../cohorts/cohort-response.js';
import { readCohortCounts } from './cohort-counts.repository.js';
import { listFavoriteCohortRows } from './favorites.repository.js';
import { snapshotPoints, trendIntervals } from './trend-series.js';

/** Days in a favorite's sparkline: today and the 29 before it. */
export const SPARKLINE_DAYS = 30;
const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * `GET cohorts/favorites` (home dashboard): the user's starred cohorts with their daily
 * members of the last 30 days, all read in one warehouse query.
 */
export async function listFavoriteCohorts(
  db: Database,
  warehouse: WarehouseAccess,
  auth: AuthContext,
  now = Date.now(),
): Promise<FavoriteCohort[]> {
  const orgId = auth.org.id;
  const rows = await listFavoriteCohortRows(db, orgId, auth.user.id);
  const days = trendIntervals(toDay(now - (SPARKLINE_DAYS - 1) * DAY_MS), toDay(now), 'day');
  const counts = await readCohortCounts(
    warehouse.engine,
    orgId,
    rows.map((row) => row.id),
    days[0]!.date,
    days.at(-1)!.date,
  );
  return rows.map(({ segmentName, ...row }) => {
    const own = counts.filter((count) => count.cohortId === row.id);
    return {
      ...toCohort({ ...row, favorite: true }),
      segmentName,
      sparkline: snapshotPoints(days, own, 'members').map((point) => point.value),
    };
  });
}
