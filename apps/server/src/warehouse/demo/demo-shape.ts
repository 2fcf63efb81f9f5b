/** Size, seed and clock of a demo data set: the same shape always gives the same data. */
export interface DemoShape {
  accounts: number;
  users: number;
  events: number;
  seed: number;
  /** Events end here (epoch ms); the window is the 180 UTC days ending with this day. */
  now: number;
}

export const WINDOW_DAYS = 180;
export const DAY_MS = 86_400_000;
/** Rows per generated batch (a multiple of DuckDB's 2048-row vectors). */
export const BATCH_ROWS = 8192;

/** Independent random streams, so one table's draws never shift another's. */
export const STREAMS = {
  account: 1,
  user: 2,
  userActivity: 3,
  events: 4,
  /** The conversion signal (demo-signal.ts): per account, then per user's events. */
  signal: 5,
  signalEvents: 6,
  upgrade: 7,
} as const;

export interface DemoClock {
  now: number;
  /** Start of day 0 of the window (UTC midnight). */
  windowStart: number;
  /** Weekday factor of each window day: weekday peaks, quiet weekends. */
  weekday: Float64Array;
}

const WEEKDAY_FACTORS = [0.22, 0.95, 1, 1, 0.97, 0.8, 0.3]; // Sunday … Saturday

export function demoClock(now: number): DemoClock {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const windowStart = today - (WINDOW_DAYS - 1) * DAY_MS;
  const weekday = new Float64Array(WINDOW_DAYS);
  for (let day = 0; day < WINDOW_DAYS; day += 1) {
    weekday[day] = WEEKDAY_FACTORS[new Date(windowStart + day * DAY_MS).getUTCDay()]!;
  }
  return { now, windowStart, weekday };
}

/** Window day of an instant, clamped into the window. */
export function dayOf(clock: DemoClock, millis: number): number {
  const day = Math.floor((millis - clock.windowStart) / DAY_MS);
  return Math.min(WINDOW_DAYS - 1, Math.max(0, day));
}

export type Trend = 'growing' | 'steady' | 'declining';

/** Activity multiplier over the window: growth, decline or flat. */
export function trendFactor(trend: Trend, day: number): number {
  const progress = day / (WINDOW_DAYS - 1);
  if (trend === 'growing') return 0.4 + 1.2 * progress;
  if (trend === 'declining') return 1.6 - 1.3 * progress;
  return 1;
}

/** Splits `count` rows into batch-sized [start, end) ranges. */
export function* batchRanges(count: number): Generator<[number, number]> {
  for (let start = 0; start < count; start += BATCH_ROWS) {
    yield [start, Math.min(count, start + BATCH_ROWS)];
  }
}
