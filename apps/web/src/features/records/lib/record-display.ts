import type { CellValue, RecordKind, SegmentColumn } from '@revlane/contracts';
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

/** The scores feature's card of the record's scores and their breakdowns (docs/product.md §2). */
export type ScoresCardComponent = ComponentType<{ table: RecordKind; recordId: string }>;

/**
 * What the page borrows from other features: the table's cell, the plays' action names and
 * the scores' card.
 */
export interface RecordDisplay {
  ValueCell: ValueCellComponent;
  /** A play action's type as the plays pages name it (`slack_message` → 'Slack message'). */
  actionLabels: Readonly<Record<string, string>>;
  ScoresCard: ScoresCardComponent;
}
