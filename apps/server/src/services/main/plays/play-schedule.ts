import cronParser from 'cron-parser';

/**
 * A schedule trigger's next time after `from` (ADR 0024): five-field cron read in the play's
 * time zone, so "0 9 * * 1" is nine o'clock where the team works, across DST changes.
 */
export function nextScheduledRun(cron: string, timezone: string, from: Date): Date {
  return cronParser.parseExpression(cron, { tz: timezone, currentDate: from }).next().toDate();
}

/** Why the cron expression is not one, or null when it is. */
export function cronProblem(cron: string, timezone: string): string | null {
  if (cron.trim().split(/\s+/).length !== 5) return 'Five fields: minute hour day month weekday';
  try {
    nextScheduledRun(cron, timezone, new Date());
    return null;
  } catch (error) {
    return `Not a cron expression (${(error as Error).message})`;
  }
}
