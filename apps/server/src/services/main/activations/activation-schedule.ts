import type { ActivationSchedule } from '@revlane/contracts';

/** The hour (UTC) of a daily activation's run: before the working day in Europe and the US. */
export const DAILY_RUN_HOUR_UTC = 6;

const HOUR_MS = 3_600_000;

/**
 * An activation's next scheduled run after `from` (ADR 0033): hourly on the next full hour,
 * daily at the next 06:00 UTC; manual and after-load activations have none (a person or a
 * load starts them).
 */
export function nextActivationRunAt(schedule: ActivationSchedule, from: Date): Date | null {
  switch (schedule) {
    case 'hourly':
      return new Date((Math.floor(from.getTime() / HOUR_MS) + 1) * HOUR_MS);
    case 'daily': {
      const today = Date.UTC(
        from.getUTCFullYear(),
        from.getUTCMonth(),
        from.getUTCDate(),
        DAILY_RUN_HOUR_UTC,
      );
      return new Date(today > from.getTime() ? today : today + 24 * HOUR_MS);
    }
    case 'manual':
    case 'after_load':
      return null;
  }
}
