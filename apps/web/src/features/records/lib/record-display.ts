import type { CellValue, SegmentColumn } from '@revlane/contracts';
import type { ComponentType } from 'react';

/**
 * Draws one value of a column exactly as the segment table does. The segments feature owns that
 * formatting; the page passes its cell in, so this feature does not depend on it
 * (docs/architecture.md §8).
 */
export type ValueCellComponent = ComponentType<{
  column: SegmentColumn;
  value: CellValue | undefined;
}>;

/** What the page borrows from other features: the table's cell and the plays' action names. */
export interface RecordDisplay {
  ValueCell: ValueCellComponent;
  /** A play action's type as the plays pages name it (`slack_message` → 'Slack message'). */
  actionLabels: Readonly<Record<string, string>>;
}
