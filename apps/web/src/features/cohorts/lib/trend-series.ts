import type { TrendPoint } from '@revlane/contracts';
import { format, parseISO } from 'date-fns';
import { formatCount } from './format-count';

/** One day of the chart: the member count and its rolling average (null: no snapshot). */
export interface TrendRow {
  date: string;
  members: number | null;
  average: number | null;
}

/** Joins the trend and the rolling average by day, in the trend's order. */
export function toTrendRows(trend: TrendPoint[], average: TrendPoint[]): TrendRow[] {
  const averageByDate = new Map(average.map((point) => [point.date, point.value]));
  return trend.map((point) => ({
    date: point.date,
    members: point.value,
    average: averageByDate.get(point.date) ?? null,
  }));
}

/** "Mar 4": days on the axis, in the tooltip and in the summaries. */
export function formatDay(day: string): string {
  return format(parseISO(day), 'MMM d');
}

function describeRow(row: TrendRow): string {
  const members = row.members === null ? 'no count' : `${formatCount(row.members)} members`;
  const average = row.average === null ? '' : `, average ${formatCount(row.average)}`;
  return `${formatDay(row.date)}: ${members}${average}`;
}

/** What the chart shows, in one sentence, for its accessible name. */
export function summarizeTrend(rows: TrendRow[], days: number, window: number): string {
  const counted = rows.filter((row) => row.members !== null);
  const first = counted[0];
  const last = counted.at(-1);
  if (!first || !last) return `Members per day over the last ${days} days: no counts yet.`;
  const average =
    last.average === null ? '' : ` ${window}-day average ${formatCount(last.average)}.`;
  return (
    `Members per day over the last ${days} days: ${formatCount(first.members!)} on ` +
    `${formatDay(first.date)}, ${formatCount(last.members!)} on ${formatDay(last.date)}.${average}`
  );
}

/** The last `count` days as sentences, newest first (the chart's text alternative). */
export function describeLastRows(rows: TrendRow[], count: number): string[] {
  return rows.slice(-count).reverse().map(describeRow);
}
