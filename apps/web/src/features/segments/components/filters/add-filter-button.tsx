import { FilterOutlined } from '@ant-design/icons';
import type { FilterItem, SegmentColumn } from '@revlane/contracts';
import { Button } from 'antd';
import { FilterPopover } from './filter-popover';

interface AddFilterButtonProps {
  catalogue: SegmentColumn[];
  onAdd: (item: FilterItem) => void;
}

/** "Add filter" and its builder popover: one condition or a "Match any of" group. */
export function AddFilterButton({ catalogue, onAdd }: AddFilterButtonProps) {
  return (
    <FilterPopover title="Add a filter" catalogue={catalogue} onApply={onAdd}>
      {(ref, isOpen) => (
        <Button ref={ref} icon={<FilterOutlined aria-hidden="true" />} aria-expanded={isOpen}>
          Add filter
        </Button>
      )}
    </FilterPopover>
  );
}
