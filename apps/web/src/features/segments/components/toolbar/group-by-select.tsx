import type { SegmentColumn } from '@revlane/contracts';
import { Select } from 'antd';

const NO_GROUPING = '';

interface GroupBySelectProps {
  catalogue: SegmentColumn[];
  value: string | null;
  onChange: (pivot: string | null) => void;
}

/** "Group by": one column to see counts and sums per value, or no grouping. */
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
          .filter((column) => column.dataType !== 'timeseries')
          .map((column) => ({ value: column.name, label: `Group by ${column.label}` })),
      ]}
    />
  );
}
