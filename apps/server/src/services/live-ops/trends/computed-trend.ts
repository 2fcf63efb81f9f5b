import type { BaseTable, TrendPoint } from '@revlane/contracts';
import {
  compileSegmentQuery,
  withAsOfSegmentTables,
  type Warehouse,
} from '../../../warehouse/index.js';
import type { IntervalSpan } from './trend-series.js';

const DAY_MS = 86_400_000;

async function countAsOf(
  warehouse: Warehouse,
  orgId: string,
  table: BaseTable,
  filters: readonly unknown[],
  asOf: number,
): Promise<number> {
  return withAsOfSegmentTables(warehouse, orgId, asOf, async (tables) => {
    const { countQuery } = compileSegmentQuery(
      { orgId, table, filters, sourceTable: tables[table] },
      warehouse.dialect,
    );
    const [row] = await warehouse.query(orgId, countQuery);
    return Number(row?.total ?? 0);
  });
}

/**
 * Members of an unsaved filter set at the end of each interval, computed live: the segment
 * tables are rebuilt as of that moment (withAsOfSegmentTables) and counted. Intervals are
 * evaluated one after the other, so one trend never holds more than one set of scratch
 * tables. The interval still running is evaluated as of now; intervals that have not begun
 * have no value yet.
 */
export async function computeMembersTrend(
  warehouse: Warehouse,
  orgId: string,
  table: BaseTable,
  filters: readonly unknown[],
  spans: readonly IntervalSpan[],
  now = Date.now(),
): Promise<TrendPoint[]> {
  const points: TrendPoint[] = [];
  for (const { date, lastDay } of spans) {
    if (Date.parse(date) > now) {
      points.push({ date, value: null });
      continue;
    }
    const endOfInterval = Date.parse(lastDay) + DAY_MS - 1;
    const asOf = Math.min(endOfInterval, now);
    points.push({ date, value: await countAsOf(warehouse, orgId, table, filters, asOf) });
  }
  return points;
}
