/**
 * The retry schedule every play action and alert channel shares (docs/architecture.md §6, ADR 0031):
 * seconds between attempts, as Standard Webhooks and Svix space them, so a receiver that is
 * down for hours still gets every delivery. `DELIVERY_RETRY_SCHEDULE` sets it.
 */
export const DEFAULT_RETRY_SCHEDULE = '5,300,1800,7200,18000,36000,36000';

/** Parses `5,300,1800`: seconds ≥ 0, at least one; null when the text is not such a list. */
export function parseRetrySchedule(text: string): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null;
  return parts.map(Number);
}

/**
 * When the next attempt is due after `attempts` tries failed for now, or null when the
 * schedule is spent (the delivery fails for good). A longer `Retry-After` wins.
 */
export function nextAttemptAt(
  schedule: readonly number[],
  attempts: number,
  now: Date,
  retryAfterSeconds = 0,
): Date | null {
  const wait = schedule[attempts - 1];
  if (wait === undefined) return null;
  return new Date(now.getTime() + Math.max(wait, retryAfterSeconds) * 1000);
}
