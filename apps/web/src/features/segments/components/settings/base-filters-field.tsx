import type { FilterItem, SegmentColumn } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { AddFilterButton } from '../filters/add-filter-button';
import { FilterChips } from '../filters/filter-chips';

interface BaseFiltersFieldProps {
  /** Undefined while the column catalogue loads. */
  catalogue: SegmentColumn[] | undefined;
  value?: FilterItem[];
  onChange?: (filters: FilterItem[]) => void;
}

/**
 * The segment's base filter set as a form control: the same chips and builder (operators,
 * values, checks) as the table's own filters.
 */
export function BaseFiltersField({ catalogue, value = [], onChange }: BaseFiltersFieldProps) {
  if (!catalogue) return <Skeleton.Input active size="small" />;
  return (
    <div className="flex flex-col items-start gap-2">
      {value.length === 0 && (
        <p className="m-0 text-slate-500">No base filters: every record of the base table.</p>
      )}
      <FilterChips
        filters={value}
        catalogue={catalogue}
        onRemove={(index) => onChange?.(value.filter((_, at) => at !== index))}
        onReplace={(index, item) => onChange?.(value.map((old, at) => (at === index ? item : old)))}
        onClear={() => onChange?.([])}
      />
      <AddFilterButton catalogue={catalogue} onAdd={(filter) => onChange?.([...value, filter])} />
    </div>
  );
}
