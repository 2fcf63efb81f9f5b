import type { FilterItem, SegmentColumn } from '@revlane/contracts';
import type { ComponentType } from 'react';

/**
 * The segment filter builder as a form control (chips, "Add filter" and its popover). The
 * segments feature owns it; the route passes it in, so this feature does not depend on it
 * (docs/architecture.md §8).
 */
export type FiltersFieldComponent = ComponentType<{
  /** Undefined while the base table's column catalogue loads. */
  catalogue: SegmentColumn[] | undefined;
  value?: FilterItem[];
  onChange?: (filters: FilterItem[]) => void;
}>;
