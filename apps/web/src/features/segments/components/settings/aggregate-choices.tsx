import {
  aggregatesFor,
  defaultAggregate,
  GROUP_AGGREGATE_LABELS,
  type GroupAggregate,
  type SegmentColumn,
} from '@revlane/contracts';
import { Select } from 'antd';

interface AggregateChoicesProps {
  /** The numeric columns the segment shows, in order. */
  columns: SegmentColumn[];
  /** The choices that differ from each column's default. */
  value: Record<string, GroupAggregate>;
  onChange: (value: Record<string, GroupAggregate>) => void;
}

/**
 * What each numeric column shows per group: only the aggregates that fit it (never a sum of
 * a percentage), its kind's default marked (docs/product.md §5.3). A default
 * choice is not stored, so it follows the catalogue.
 */
export function AggregateChoices({ columns, value, onChange }: AggregateChoicesProps) {
  if (columns.length === 0)
    return <p className="text-slate-600">The segment shows no numeric column to aggregate.</p>;
  const choose = (column: SegmentColumn, next: GroupAggregate) => {
    const { [column.name]: _previous, ...others } = value;
    onChange(next === defaultAggregate(column) ? others : { ...others, [column.name]: next });
  };
  return (
    <ul className="flex flex-col gap-2">
      {columns.map((column) => {
        const fallback = defaultAggregate(column);
        return (
          <li key={column.name} className="flex items-center gap-2">
            <span className="flex-1">{column.label}</span>
            <Select
              aria-label={`Aggregate of ${column.label}`}
              className="w-48"
              value={value[column.name] ?? fallback ?? undefined}
              options={aggregatesFor(column).map((aggregate) => ({
                value: aggregate,
                label: `${GROUP_AGGREGATE_LABELS[aggregate]}${aggregate === fallback ? ' (default)' : ''}`,
              }))}
              onChange={(next: GroupAggregate) => choose(column, next)}
            />
          </li>
        );
      })}
    </ul>
  );
}
