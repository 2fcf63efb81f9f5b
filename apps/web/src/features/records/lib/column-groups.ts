import type { ColumnGroup, RecordColumn } from '@revlane/contracts';

/** The page's sections of columns, in this order (docs/product.md §2, Accounts and users). */
export const COLUMN_GROUP_TITLES: Record<ColumnGroup, string> = {
  product: 'Product usage',
  crm: 'CRM',
  custom: 'Custom',
};

export interface ColumnSection {
  group: ColumnGroup;
  title: string;
  columns: RecordColumn[];
}

/** The record's columns by group, each in catalogue order; a group with no column is left out. */
export function groupColumns(columns: readonly RecordColumn[]): ColumnSection[] {
  return (Object.keys(COLUMN_GROUP_TITLES) as ColumnGroup[])
    .map((group) => ({
      group,
      title: COLUMN_GROUP_TITLES[group],
      columns: columns.filter((column) => column.group === group),
    }))
    .filter((section) => section.columns.length > 0);
}
