import type { DataType, SegmentColumn } from '@revlane/contracts';

/** Both base tables' catalogues name a record in this column (docs/architecture.md §5.2). */
export const NAME_COLUMN = 'name';

const WIDTH_BY_TYPE: Partial<Record<DataType, number>> = {
  email: 240,
  link: 220,
  // "September 30 2026 at 12:00 PM", the longest a timestamp reads (docs/product.md §9).
  timestamp: 260,
  boolean: 100,
  numeric: 140,
  timeseries: 140,
};
const DEFAULT_WIDTH = 180;

// A header's label on one line: about 8 px a character at the header's 14 px semibold, plus
// the cell's padding and the sort arrows. Longer labels are cut, their full text in a tooltip.
const HEADER_CHAR_PX = 8;
const HEADER_CHROME_PX = 56;
const MAX_WIDTH = 280;

/**
 * The shown columns with the record's name first: it leads the table and stays in view while
 * the table scrolls sideways (docs/product.md §2). Without a name column the first one leads.
 */
export function leadWithName<T extends Pick<SegmentColumn, 'name'>>(columns: readonly T[]): T[] {
  const name = columns.find((column) => column.name === NAME_COLUMN);
  if (!name) return [...columns];
  return [name, ...columns.filter((column) => column !== name)];
}

/** Wide enough for the column's values and, up to a limit, for its header on one line. */
export function columnWidth(column: Pick<SegmentColumn, 'label' | 'dataType'>): number {
  const byType = WIDTH_BY_TYPE[column.dataType] ?? DEFAULT_WIDTH;
  const byLabel = [...column.label].length * HEADER_CHAR_PX + HEADER_CHROME_PX;
  return Math.max(byType, Math.min(byLabel, MAX_WIDTH));
}
