import { timestampLiteral } from '../engine/value-conversion.js';
import { LONGEST_SERIES_WINDOW_DAYS } from '../metrics/metric-entities.js';

export const DAY_MS = 86_400_000;

/**
 * The days of one series build as timestamp literals. Metric windows are whole UTC days
 * ending with each as-of day (metrics/metric-windows.ts), so the activity grid runs from the
 * first day's longest window (30 days today) to the last as-of day; everything older is folded into one day
 * before the grid, which no window reaches and only the running last_seen_at reads.
 */
export interface SeriesDays {
  /** The as-of days' starts, ascending. */
  asOfDays: string[];
  /** The bucket day holding all activity older than the grid. */
  beforeGrid: string;
  /** First day of the first as-of day's longest window. */
  gridStart: string;
  lastDay: string;
  /** End of the last as-of day: later events are ignored, as in the one-day build. */
  end: string;
}

export function seriesDaysFor(days: readonly number[]): SeriesDays {
  if (days.length === 0) throw new Error('A series needs at least one as-of day');
  days.forEach((day, index) => {
    if (day % DAY_MS !== 0) throw new Error(`As-of day ${day} is not a UTC day start`);
    if (index > 0 && day <= days[index - 1]!) throw new Error('As-of days must ascend');
  });
  const first = days[0]!;
  const last = days.at(-1)!;
  const gridStart = first - (LONGEST_SERIES_WINDOW_DAYS - 1) * DAY_MS;
  return {
    asOfDays: days.map(timestampLiteral),
    beforeGrid: timestampLiteral(gridStart - DAY_MS),
    gridStart: timestampLiteral(gridStart),
    lastDay: timestampLiteral(last),
    end: timestampLiteral(last + DAY_MS),
  };
}
