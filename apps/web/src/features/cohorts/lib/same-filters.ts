import type { SegmentFilter } from '@revlane/contracts';

/** Whether two filter lists mean the same (order matters: it is how the user built them). */
export function isSameFilters(a: SegmentFilter[], b: SegmentFilter[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
