const DAY_MS = 86_400_000;

/** The UTC calendar day (`yyyy-MM-dd`) of an instant: trends and snapshots count UTC days. */
export function toUtcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The UTC day `days` before `instant`'s day. */
export function utcDaysAgo(days: number, instant: Date = new Date()): string {
  return toUtcDay(new Date(instant.getTime() - days * DAY_MS));
}
