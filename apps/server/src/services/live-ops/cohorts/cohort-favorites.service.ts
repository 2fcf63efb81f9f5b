import type { FavoriteCohort } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import type { WarehouseAccess } from '../../../warehouse/index.js';
import { readCohortCounts } from './cohort-counts.repository.js';
import {
  listFavoriteCohortRows,
  listOrganizationCohortRows,
} from './cohort-favorites.repository.js';
import { toCohort } from './cohort-response.js';
import type { CohortRow } from './cohorts.repository.js';

/** Days in a favorite's sparkline: today and the 29 before it. */
export const SPARKLINE_DAYS = 30;
const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `count` UTC days (`YYYY-MM-DD`) up to today, oldest first. */
function lastDays(count: number, now: number): string[] {
  return Array.from({ length: count }, (_, index) => toDay(now - (count - 1 - index) * DAY_MS));
}

type RowWithSegment = CohortRow & { segmentName: string };

/**
 * The cohorts with their daily members over the last `days` days (null where a day has no
 * snapshot), all read in one warehouse query.
 */
async function withDailyMembers(
  warehouse: WarehouseAccess,
  orgId: string,
  rows: RowWithSegment[],
  days: string[],
): Promise<FavoriteCohort[]> {
  const ids = rows.map((row) => row.id);
  const counts = await readCohortCounts(warehouse.engine, orgId, ids, days[0]!, days.at(-1)!);
  return rows.map(({ segmentName, ...row }) => {
    const members = new Map(
      counts
        .filter((count) => count.cohortId === row.id)
        .map((count) => [count.day, count.members]),
    );
    return {
      ...toCohort(row),
      segmentName,
      sparkline: days.map((day) => members.get(day) ?? null),
    };
  });
}

/**
 * `GET cohorts/favorites` (home dashboard): the user's starred cohorts with their daily
 * members of the last 30 days.
 */
export async function listFavoriteCohorts(
  db: Database,
  warehouse: WarehouseAccess,
  auth: AuthContext,
  now = Date.now(),
): Promise<FavoriteCohort[]> {
  const rows = await listFavoriteCohortRows(db, auth.org.id, auth.user.id);
  const starred = rows.map((row) => ({ ...row, favorite: true }));
  return withDailyMembers(warehouse, auth.org.id, starred, lastDays(SPARKLINE_DAYS, now));
}

/**
 * `GET cohorts/trends` (home's "Segment trends", ADR 0013): every cohort of the organization
 * with history in the user's trend range; cohorts never counted in it are left out.
 */
export async function listCohortTrends(
  db: Database,
  warehouse: WarehouseAccess,
  auth: AuthContext,
  days: number,
  now = Date.now(),
): Promise<FavoriteCohort[]> {
  const rows = await listOrganizationCohortRows(db, auth.org.id, auth.user.id);
  const trends = await withDailyMembers(warehouse, auth.org.id, rows, lastDays(days, now));
  return trends.filter((trend) => trend.sparkline.some((members) => members !== null));
}
