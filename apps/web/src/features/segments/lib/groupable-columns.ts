import type { SegmentColumn } from '@revlane/contracts';

/**
 * Whether "Group by" offers a column: few-valued columns only (ADR 0013), as the catalogue's
 * `groupable` says; enums and booleans for a catalogue without the flag.
 */
export function isGroupable(column: SegmentColumn): boolean {
  return column.groupable ?? (column.dataType === 'enum' || column.dataType === 'boolean');
}
