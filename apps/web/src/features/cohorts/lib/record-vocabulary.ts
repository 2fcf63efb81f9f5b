import type { CellValue, FilterItem } from '@revlane/contracts';

/**
 * How the segment's records and filters read in words. The segments feature owns the column
 * catalogue; the page passes its vocabulary in, so this feature does not depend on it.
 */
export interface RecordVocabulary {
  describeFilter: (filter: FilterItem) => string;
  columnLabel: (name: string) => string;
  formatValue: (value: CellValue | undefined) => string;
}
