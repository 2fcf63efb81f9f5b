import { timestampLiteral } from '../engine/value-conversion.js';
import { ACTIVITY_DAYS } from '../model/metric-tables.js';

const DAY_MS = 86_400_000;

/**
 * The day boundaries metric windows use. Windows are whole UTC days ending with the as-of
 * day: "7d" is the as-of day and the six before it, "1d" the as-of day alone. Events after
 * the as-of day are ignored (clock skew in a source must not count as activity).
 */
export interface MetricWindows {
  /** ACTIVITY_DAYS + 1 boundaries: starts of the sparkline's days, then the end. */
  dayBoundaries: string[];
  /** Start of the window of the given length (a timestamp literal). */
  startOf(days: 1 | 7 | 30): string;
  end: string;
}

export function metricWindowsFor(asOf: number): MetricWindows {
  const asOfDay = Math.floor(asOf / DAY_MS) * DAY_MS;
  const first = asOfDay - (ACTIVITY_DAYS - 1) * DAY_MS;
  const dayBoundaries = Array.from({ length: ACTIVITY_DAYS + 1 }, (_, index) =>
    timestampLiteral(first + index * DAY_MS),
  );
  return {
    dayBoundaries,
    startOf: (days) => dayBoundaries[ACTIVITY_DAYS - days]!,
    end: dayBoundaries[ACTIVITY_DAYS]!,
  };
}
