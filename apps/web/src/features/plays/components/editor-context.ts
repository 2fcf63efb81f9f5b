import type { FieldError, SegmentColumn, SegmentRow } from '@revlane/contracts';

/** What every action's inputs need besides the action: columns, a sample record, refusals. */
export interface EditorContext {
  entity: string;
  columns: SegmentColumn[];
  sample: SegmentRow | null;
  errors: FieldError[] | undefined;
  isDisabled: boolean;
}
