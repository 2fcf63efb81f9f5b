import { FILTER_OPERATORS, type SegmentColumn, type SegmentFilter } from '@revlane/contracts';
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

/** A filter as a short sentence for its chip: "Plan is any of Pro, Enterprise". */
export function describeFilter(filter: SegmentFilter, columns: SegmentColumn[]): string {
  const { label, value } = FILTER_OPERATORS[filter.operator];
  const isRange = value === 'number-range' || value === 'date-range';
  const column = columns.find((candidate) => candidate.name === filter.field);
  return [columnLabel(columns, filter.field), label, describeValue(filter.value, isRange, column)]
    .filter(Boolean)
    .join(' ');
}
