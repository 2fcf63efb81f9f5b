/** The settings tabs of a segment (docs/product.md §2), in order, with what each will hold. */
export const SEGMENT_SETTINGS_TABS = [
  {
    id: 'general',
    label: 'General',
    empty: 'Name, description, base table and whether the segment is active.',
  },
  {
    id: 'columns',
    label: 'Columns',
    empty: 'Choose and order the table columns, and add computed columns over events.',
  },
  {
    id: 'grouping',
    label: 'Grouping',
    empty: 'Group records by a column to see counts and sums per group.',
  },
  { id: 'sorting', label: 'Sorting', empty: 'The default sort order of the segment table.' },
  {
    id: 'notifications',
    label: 'Notifications',
    empty: 'Alerts on cohorts of this segment, in the app, on Slack and by email.',
  },
] as const;

export type SegmentSettingsTab = (typeof SEGMENT_SETTINGS_TABS)[number]['id'];

export function toSettingsTab(value: string | undefined): SegmentSettingsTab {
  return SEGMENT_SETTINGS_TABS.find((tab) => tab.id === value)?.id ?? 'general';
}
