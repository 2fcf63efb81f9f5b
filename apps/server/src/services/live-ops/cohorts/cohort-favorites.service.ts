import type { FavoriteCohort } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import type { WarehouseAccess } from '../../../platform/warehouse/warehouse-plugin.js';
import { readCohortCounts } from './cohort-counts.repository.js';
import { listFavoriteCohortRows } from './cohort-favorites.repository.js';
import { toCohort } from './cohort-response.js';

/** Days in a favorite's sparkline: today and the 29 before it. */
export const SPARKLINE_DAYS = 30;
const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The sparkline's UTC days (`YYYY-MM-DD`), oldest first; a day without a snapshot is null. */
function sparklineDays(now: number): string[] {
  return Array.from({ length: SPARKLINE_DAYS }, (_, index) =>
    toDay(now - (SPARKLINE_DAYS - 1 - index) * DAY_MS),
  );
}

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
  const days = sparklineDays(now);
  const counts = await readCohortCounts(
    warehouse.engine,
    orgId,
    rows.map((row) => row.id),
    days[0]!,
    days.at(-1)!,
  );
  return rows.map(({ segmentName, ...row }) => {
    const members = new Map(
      counts
        .filter((count) => count.cohortId === row.id)
        .map((count) => [count.day, count.members]),
    );
    return {
      ...toCohort({ ...row, favorite: true }),
      segmentName,
      sparkline: days.map((day) => members.get(day) ?? null),
    };
  });
}
