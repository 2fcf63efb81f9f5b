import { formatDistanceStrict, isValid, parseISO } from 'date-fns';

/** "3 days ago": how long before `now` an instant was, to the nearest whole unit. */
export function formatAgo(value: string, now: Date = new Date()): string {
  const date = parseISO(value);
  if (!isValid(date)) return '';
  // An event stamped a moment ahead of this browser's clock still reads as just now.
  if (date >= now) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true });
}
