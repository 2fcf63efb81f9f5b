import type { TrendPoint } from '@revlane/contracts';
import type { DailyCount } from '../cohorts/cohort-counts.repository.js';

export type { DailyCount };

export type TrendInterval = 'day' | 'week' | 'month';
export type SnapshotMetric = 'members' | 'entered' | 'left';

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** One point's span: its first and last UTC day (`YYYY-MM-DD`), both included. */
export interface IntervalSpan {
  date: string;
  lastDay: string;
}

/** The last day of the interval that contains `start` (ISO weeks run Monday to Sunday). */
function intervalEnd(start: number, interval: TrendInterval): number {
  if (interval === 'day') return start;
  const date = new Date(start);
  if (interval === 'week') return start + (6 - ((date.getUTCDay() + 6) % 7)) * DAY_MS;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - DAY_MS;
}

/**
 * The intervals from `from` to `to` (UTC days, both included), each clipped to the range: a
 * range starting on a Wednesday has a first week point dated that Wednesday.
 */
export function trendIntervals(from: string, to: string, interval: TrendInterval): IntervalSpan[] {
  const last = dayMs(to);
  const spans: IntervalSpan[] = [];
  for (let start = dayMs(from); start <= last;) {
    const end = Math.min(intervalEnd(start, interval), last);
    spans.push({ date: toDay(start), lastDay: toDay(end) });
    start = end + DAY_MS;
  }
  return spans;
}

/**
 * Snapshot points: `members` is the interval's latest day (a count, not a flow), `entered`
 * and `left` add up over the interval; an interval without any snapshot day is null.
 */
export function snapshotPoints(
  spans: readonly IntervalSpan[],
  days: readonly DailyCount[],
  metric: SnapshotMetric,
): TrendPoint[] {
  return spans.map(({ date, lastDay }) => {
    const inside = days
      .filter((row) => row.day >= date && row.day <= lastDay)
      .sort((a, b) => a.day.localeCompare(b.day));
    if (inside.length === 0) return { date, value: null };
    const value =
      metric === 'members'
        ? inside.at(-1)!.members
        : inside.reduce((sum, row) => sum + row[metric], 0);
    return { date, value };
  });
}

/**
 * Each point becomes the mean of the non-null values among the last `window` points up to
 * and including it (null when all of them are null): gaps shrink the divisor instead of
 * counting as zero.
 */
export function rollingMean(points: readonly TrendPoint[], window: number): TrendPoint[] {
  return points.map((point, index) => {
    const values = points
      .slice(Math.max(0, index - window + 1), index + 1)
      .map((p) => p.value)
      .filter((value): value is number => value !== null);
    const value =
      values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
    return { date: point.date, value };
  });
}
