import type { SegmentGroupsPage } from '@revlane/contracts';
import { describe, expect, it } from 'vitest';
import { accountColumns } from '@/testing/segment-fixtures';
import { backToGroupsView, groupFilters, openGroupView } from './group-drill-down';

const noGrouping = { pivot: null, pivotIdentifier: null };
const page = (pivot: string, pivotIdentifier: string | null = null): SegmentGroupsPage => ({
  groups: [],
  total: 0,
  page: 1,
  perPage: 50,
  pivot,
  pivotIdentifier,
  aggregates: [],
  columns: accountColumns,
});
const view = { page: 1, perPage: 50 };

describe('opening a group and going back (docs/product.md §5.3)', () => {
  it('turns each group value into the filter that keeps it', () => {
    expect(
      groupFilters(page('is_paying', 'created_at'), {
        pivot: false,
        pivot_identifier: '2024-06-02',
        count: 1,
        values: {},
      }),
    ).toEqual([
      { field: 'is_paying', operator: 'is', value: false },
      { field: 'created_at', operator: 'on', value: '2024-06-02' },
    ]);
    expect(groupFilters(page('plan'), { pivot: '', count: 1, values: {} })).toEqual([
      { field: 'plan', operator: 'null' },
    ]);
  });

  it('goes back to a toolbar grouping, or to the segment’s own two-level one', () => {
    const kept = { field: 'mrr', operator: 'gt' as const, value: 5 };
    const opened = openGroupView([kept], page('is_paying'), { pivot: true, count: 1, values: {} });
    expect(backToGroupsView({ ...view, ...opened }, noGrouping, accountColumns)).toEqual({
      groupBy: 'is_paying',
      filters: [kept],
    });
    const own = { pivot: 'plan', pivotIdentifier: 'is_paying' };
    const two = openGroupView([], page('plan', 'is_paying'), {
      pivot: 'Pro',
      pivot_identifier: null,
      count: 1,
      values: {},
    });
    expect(backToGroupsView({ ...view, ...two }, own, accountColumns)).toEqual({
      groupBy: undefined,
      filters: [],
    });
  });

  it('offers no way back from a view that is no opened group', () => {
    const filters = [{ field: 'plan', operator: 'eq' as const, value: 'Pro' }];
    // Grouping not turned off: the segment's own grouping shows.
    expect(backToGroupsView({ ...view, filters }, noGrouping, accountColumns)).toBeNull();
    // A filter on a column "Group by" does not offer.
    const byName = [{ field: 'name', operator: 'eq' as const, value: 'Globex' }];
    expect(
      backToGroupsView({ ...view, groupBy: null, filters: byName }, noGrouping, accountColumns),
    ).toBeNull();
    const range = [{ field: 'plan', operator: 'includes' as const, value: ['Pro'] }];
    expect(
      backToGroupsView({ ...view, groupBy: null, filters: range }, noGrouping, accountColumns),
    ).toBeNull();
  });
});
