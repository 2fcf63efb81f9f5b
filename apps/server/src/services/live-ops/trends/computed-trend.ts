import type { BaseTable, TrendPoint } from '@revlane/contracts';
import {
  compileSeriesQuery,
  withAsOfSeriesTables,
  type Warehouse,
} from '../../../warehouse/index.js';
import type { IntervalSpan } from './trend-series.js';

const DAY_MS = 86_400_000;
const dayStart = (millis: number) => Math.floor(millis / DAY_MS) * DAY_MS;

/** What an unsaved trend counts: the segment's base filters and the unsaved ones. */
export interface TrendDefinition {
  table: BaseTable;
  baseFilters: readonly unknown[];
  filters: readonly unknown[];
}

/** Matching rows per as-of day (UTC day start in ms), from one grouped count. */
async function countPerDay(
  warehouse: Warehouse,
  orgId: string,
  { table, baseFilters, filters }: TrendDefinition,
  days: readonly number[],
): Promise<Map<number, number>> {
  return withAsOfSeriesTables(warehouse, orgId, days, [table], async (tables, catalogue) => {
    const { countsByDayQuery } = compileSeriesQuery(
      { orgId, table, catalogue, baseFilters, filters, sourceTable: tables[table] },
      warehouse.dialect,
    );
    const rows = await warehouse.query(orgId, countsByDayQuery);
    return new Map(rows.map((row) => [Date.parse(row.as_of_day as string), Number(row.total)]));
  });
}

/**
 * Members of an unsaved filter set at the end of each interval, computed live: the segment
 * table is built as of every interval's last day in one pass (withAsOfSeriesTables) and
 * counted per day in one query. Metric windows are whole UTC days, so the interval still
 * running is evaluated as of today; intervals that have not begun have no value yet.
 */
export async function computeMembersTrend(
  warehouse: Warehouse,
  orgId: string,
  definition: TrendDefinition,
  spans: readonly IntervalSpan[],
  now = Date.now(),
): Promise<TrendPoint[]> {
  const asOfDays = spans.map(({ date, lastDay }) =>
    Date.parse(date) > now ? null : dayStart(Math.min(Date.parse(lastDay), now)),
  );
  const days = [...new Set(asOfDays.filter((day): day is number => day !== null))];
  const counts =
    days.length > 0
      ? await countPerDay(warehouse, orgId, definition, days)
      : new Map<number, number>();
  return spans.map(({ date }, index) => {
    const day = asOfDays[index] ?? null;
    return { date, value: day === null ? null : (counts.get(day) ?? 0) };
  });
}
