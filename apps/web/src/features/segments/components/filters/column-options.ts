import type { SegmentColumn } from '@revlane/contracts';
import { formatOption } from '../../lib/format-value';

/** A column's options by their catalogue label (ADR 0013); a filter keeps the stored value. */
export const optionsOf = (column: SegmentColumn) =>
  (column.options ?? []).map((option) => ({ value: option, label: formatOption(column, option) }));
