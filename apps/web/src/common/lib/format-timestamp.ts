import { DATE_FORMAT } from '@revlane/contracts';
import { format, isValid, parseISO } from 'date-fns';

/** Every timestamp the product shows uses the format of docs/product.md §9, in the user's time zone. */
export function formatTimestamp(value: string | number | Date): string {
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? format(date, DATE_FORMAT) : '';
}
