import type { SegmentColumn } from '@revlane/contracts';
import { Select } from 'antd';
import { isGroupable } from '../../lib/groupable-columns';

const NO_GROUPING = '';

interface GroupBySelectProps {
  catalogue: SegmentColumn[];
  value: string | null;
  onChange: (pivot: string | null) => void;
}

/** "Group by": one column to see counts and aggregates per value, or no grouping. */
export function GroupBySelect({ catalogue, value, onChange }: GroupBySelectProps) {
  return (
    <Select
      aria-label="Group by"
      className="w-48"
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? NO_GROUPING}
      onChange={(next: string) => onChange(next === NO_GROUPING ? null : next)}
      options={[
        { value: NO_GROUPING, label: 'No grouping' },
        ...catalogue
          // Few-valued columns only (ADR 0013): a group per id, name or amount says nothing.
          .filter(isGroupable)
          .map((column) => ({ value: column.name, label: `Group by ${column.label}` })),
      ]}
    />
  );
}
