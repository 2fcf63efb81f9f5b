import {
  FILTER_OPERATORS,
  isFilterGroup,
  type FilterItem,
  type SegmentColumn,
  type SegmentFilter,
} from '@revlane/contracts';
import { columnLabel, formatOption } from './format-value';

function describeValue(value: unknown, isRange: boolean, column?: SegmentColumn): string {
  if (value === undefined || value === null || value === '') return '';
  // Options by their catalogue label: "Lifecycle stage is any of At risk" (ADR 0013).
  const one = (item: unknown) =>
    typeof item === 'string' ? formatOption(column, item) : String(item);
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
export function describeFilter(filter: SegmentFilter, columns: SegmentColumn[]): string {
  const { label, value } = FILTER_OPERATORS[filter.operator];
  const field = columnLabel(columns, filter.field);
  if (value === 'days') return `${field} ${describeDays(label, filter.value)}`;
  const isRange = value === 'number-range' || value === 'date-range';
  const column = columns.find((candidate) => candidate.name === filter.field);
  return [field, label, describeValue(filter.value, isRange, column)].filter(Boolean).join(' ');
}

/**
 * An item of a filter list in words: a filter's sentence, or a group's in parentheses joined
 * by what it matches, "(Plan is any of Pro or MRR greater than 5000)" (docs/product.md §5).
 */
export function describeFilterItem(item: FilterItem, columns: SegmentColumn[]): string {
  if (!isFilterGroup(item)) return describeFilter(item, columns);
  const joiner = item.match === 'any' ? ' or ' : ' and ';
  return `(${item.filters.map((filter) => describeFilter(filter, columns)).join(joiner)})`;
}
