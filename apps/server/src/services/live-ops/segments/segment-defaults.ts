import type { BaseTable, SegmentDetail } from '@revlane/contracts';
import type { SegmentRecord } from './segments.repository.js';

/** What a segment shows until someone changes its settings (docs/architecture.md §5.2 catalogue names). */
export const DEFAULT_SETTINGS: Record<
  BaseTable,
  Pick<SegmentDetail, 'columns' | 'sorting' | 'grouping'>
> = {
  accounts: {
    columns: [
      'name',
      'domain',
      'plan',
      'mrr',
      'seats',
      'lifecycle_stage',
      'active_users_7d',
      'last_seen_at',
    ],
    sorting: [{ field: 'name', isDescending: false }],
    grouping: { pivot: null, pivotIdentifier: null },
  },
  users: {
    columns: ['name', 'email', 'title', 'role', 'account_id', 'events_7d', 'last_seen_at'],
    sorting: [{ field: 'last_seen_at', isDescending: true }],
    grouping: { pivot: null, pivotIdentifier: null },
  },
};

/** The record as `GET segments/{id}` answers it, null settings filled with the defaults. */
export function toSegmentDetail(
  record: SegmentRecord,
  status: SegmentDetail['status'],
): SegmentDetail {
  const defaults = DEFAULT_SETTINGS[record.baseTable];
  return {
    id: record.id,
    name: record.name,
    description: record.description ?? '',
    baseTable: record.baseTable,
    disabled: record.disabled,
    filters: record.filters,
    columns: record.columns ?? defaults.columns,
    grouping: record.grouping ?? defaults.grouping,
    sorting: record.sorting ?? defaults.sorting,
    status,
    updatedAt: record.updatedAt.toISOString(),
  };
}
