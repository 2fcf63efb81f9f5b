import {
  isFilterGroup,
  type CellValue,
  type FilterItem,
  type SegmentColumn,
  type SegmentFilter,
  type SegmentGroup,
  type SegmentGroupsPage,
  type SegmentGrouping,
} from '@revlane/contracts';
import { isGroupable } from './groupable-columns';
import type { SegmentView } from './list-query';

/**
 * The filter that keeps the records of one group value (docs/product.md §5.3): a
 * blank group is "is blank", a boolean "is", a day (timestamps group by day) "on", else
 * "equals".
 */
export function groupValueFilter(
  column: SegmentColumn | undefined,
  field: string,
  value: CellValue | undefined,
): SegmentFilter {
  if (value === null || value === undefined || value === '') return { field, operator: 'null' };
  if (typeof value === 'boolean') return { field, operator: 'is', value };
  if (column?.dataType === 'timestamp') return { field, operator: 'on', value: String(value) };
  return { field, operator: 'eq', value };
}

/** A group's values as filters, one per group column, in grouping order. */
export function groupFilters(page: SegmentGroupsPage, group: SegmentGroup): SegmentFilter[] {
  const columnOf = (name: string) => page.columns.find((column) => column.name === name);
  const filters = [groupValueFilter(columnOf(page.pivot), page.pivot, group.pivot)];
  if (page.pivotIdentifier) {
    const field = page.pivotIdentifier;
    filters.push(groupValueFilter(columnOf(field), field, group.pivot_identifier));
  }
  return filters;
}

/** Opening a group: its records, the grouping turned off and the group's values as filters. */
export function openGroupView(
  filters: readonly FilterItem[],
  page: SegmentGroupsPage,
  group: SegmentGroup,
): Partial<SegmentView> {
  return { groupBy: null, filters: [...filters, ...groupFilters(page, group)] };
}

const GROUP_OPERATORS = new Set<string>(['eq', 'is', 'on', 'null']);

const isGroupFilterOn = (item: FilterItem | undefined, field: string | null) =>
  item !== undefined &&
  !isFilterGroup(item) &&
  item.field === field &&
  GROUP_OPERATORS.has(item.operator);

/**
 * The view "Back to groups" returns to from an opened group, or null when the view is no
 * opened group: the grouping turned off and the last filters selecting one group (as
 * `openGroupView` leaves them), of the segment's own grouping or of a column "Group by"
 * offers. The URL alone says it, so a reload or a link keeps the way back.
 */
export function backToGroupsView(
  view: SegmentView,
  grouping: SegmentGrouping,
  catalogue: readonly SegmentColumn[],
): Partial<SegmentView> | null {
  if (view.groupBy !== null) return null;
  const filters = view.filters ?? [];
  const { pivot, pivotIdentifier } = grouping;
  if (
    pivotIdentifier &&
    isGroupFilterOn(filters.at(-2), pivot) &&
    isGroupFilterOn(filters.at(-1), pivotIdentifier)
  ) {
    return { groupBy: undefined, filters: filters.slice(0, -2) };
  }
  const last = filters.at(-1);
  if (!last || isFilterGroup(last) || !isGroupFilterOn(last, last.field)) return null;
  // The toolbar's choice of the segment's own pivot is the segment's grouping (undefined).
  if (last.field === pivot) return { groupBy: undefined, filters: filters.slice(0, -1) };
  const column = catalogue.find((entry) => entry.name === last.field);
  if (!column || !isGroupable(column)) return null;
  return { groupBy: last.field, filters: filters.slice(0, -1) };
}
