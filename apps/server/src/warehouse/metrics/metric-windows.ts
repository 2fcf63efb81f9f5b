import { timestampLiteral } from '../engine/value-conversion.js';

const DAY_MS = 86_400_000;

/**
 * The day boundaries metric windows use. Windows are whole UTC days ending with the as-of
 * day: "7d" is the as-of day and the six before it, "1d" the as-of day alone. Events after
 * the as-of day are ignored (clock skew in a source must not count as activity).
 */
export interface MetricWindows {
  /** Start of the window of the given length (a timestamp literal). */
  startOf(days: number): string;
  /** The starts of a window's days, oldest first, then the end: `days + 1` boundaries. */
  dayBoundaries(days: number): string[];
  end: string;
}

export function metricWindowsFor(asOf: number): MetricWindows {
  const asOfDay = Math.floor(asOf / DAY_MS) * DAY_MS;
  const startOf = (days: number) => timestampLiteral(asOfDay - (days - 1) * DAY_MS);
  return {
    startOf,
    dayBoundaries: (days) => Array.from({ length: days + 1 }, (_, index) => startOf(days - index)),
    end: startOf(0),
  };
}
