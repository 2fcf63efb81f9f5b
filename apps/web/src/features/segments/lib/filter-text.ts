import { FILTER_OPERATORS, type SegmentColumn, type SegmentFilter } from '@revlane/contracts';
import { columnLabel } from './format-value';

function describeValue(value: unknown, isRange: boolean): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) return value.map(String).join(isRange ? ' and ' : ', ');
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** A filter as a short sentence for its chip: "Plan is any of Pro, Enterprise". */
export function describeFilter(filter: SegmentFilter, columns: SegmentColumn[]): string {
  const { label, value } = FILTER_OPERATORS[filter.operator];
  const isRange = value === 'number-range' || value === 'date-range';
  return [columnLabel(columns, filter.field), label, describeValue(filter.value, isRange)]
    .filter(Boolean)
    .join(' ');
}
