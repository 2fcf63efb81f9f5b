import type { SegmentColumn } from './segment-data.js';
import { FILTER_OPERATORS, isFilterGroup, type FilterItem, type SegmentFilter } from './filters.js';

/*
 * Filters in words, shared by the web's filter chips and the server's score reasons
 * ("+20 Plan is any of Pro", docs/product.md §5): the same sentence wherever a filter is read.
 */

/** A stored option as people read it (`at_risk` → 'At risk', ADR 0013); else as it is. */
function optionText(column: Pick<SegmentColumn, 'optionLabels'> | undefined, value: string) {
  return column?.optionLabels?.[value] ?? value;
}

function describeValue(value: unknown, isRange: boolean, column?: SegmentColumn): string {
  if (value === undefined || value === null || value === '') return '';
  // Options by their catalogue label: "Lifecycle stage is any of At risk" (ADR 0013).
  const one = (item: unknown) =>
    typeof item === 'string' ? optionText(column, item) : String(item);
  if (Array.isArray(value)) return value.map(one).join(isRange ? ' and ' : ', ');
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'string' || typeof value === 'number' ? one(value) : '';
}

/** A relative-date operator with its count in place of N: "in the last 30 days", "1 day". */
function describeDays(label: string, value: unknown): string {
  if (typeof value !== 'number') return label;
  return label.replace('N days', value === 1 ? '1 day' : `${value} days`);
}

/** A filter as a short sentence for its chip: "Plan is any of Pro, Enterprise". */
export function describeFilter(filter: SegmentFilter, columns: readonly SegmentColumn[]): string {
  const { label, value } = FILTER_OPERATORS[filter.operator];
  const column = columns.find((candidate) => candidate.name === filter.field);
  const field = column?.label ?? filter.field;
  if (value === 'days') return `${field} ${describeDays(label, filter.value)}`;
  const isRange = value === 'number-range' || value === 'date-range';
  return [field, label, describeValue(filter.value, isRange, column)].filter(Boolean).join(' ');
}

/**
 * An item of a filter list in words: a filter's sentence, or a group's in parentheses joined
 * by what it matches, "(Plan is any of Pro or MRR greater than 5000)" (docs/product.md §5).
 */
export function describeFilterItem(item: FilterItem, columns: readonly SegmentColumn[]): string {
  if (!isFilterGroup(item)) return describeFilter(item, columns);
  const joiner = item.match === 'any' ? ' or ' : ' and ';
  return `(${item.filters.map((filter) => describeFilter(filter, columns)).join(joiner)})`;
}

/** A whole filter list (its items all match): "Plan is any of Pro and Seats less than 5". */
export function describeFilterList(
  items: readonly FilterItem[],
  columns: readonly SegmentColumn[],
): string {
  return items.map((item) => describeFilterItem(item, columns)).join(' and ');
}
