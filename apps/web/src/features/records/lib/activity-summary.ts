import type { RecordActivity } from '@revlane/contracts';
import { format, parseISO } from 'date-fns';
import { formatCount } from './format-count';

/** A UTC day (`2026-03-04`) as people read it: "March 4 2026" (docs/product.md §9's order). */
export function formatDay(day: string): string {
  return format(parseISO(day), 'MMMM d yyyy');
}

/** "Mar 4": a day on the chart's axis. */
export function formatShortDay(day: string): string {
  return format(parseISO(day), 'MMM d');
}

/**
 * The chart in words, its text alternative: "1,234 events in the last 180 days; the busiest
 * day was March 4 2026, with 87." Null when nothing happened.
 */
export function summarizeActivity(days: RecordActivity['days']): string | null {
  const total = days.reduce((sum, day) => sum + day.events, 0);
  if (total === 0) return null;
  // The first of equally busy days: the summary names one.
  const busiest = days.reduce((best, day) => (day.events > best.events ? day : best));
  return `${formatCount(total)} ${total === 1 ? 'event' : 'events'} in the last ${formatCount(days.length)} days; the busiest day was ${formatDay(busiest.day)}, with ${formatCount(busiest.events)}.`;
}
