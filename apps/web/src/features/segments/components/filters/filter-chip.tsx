import { ExclamationCircleOutlined } from '@ant-design/icons';
import { isFilterGroup, type FilterItem, type SegmentColumn } from '@revlane/contracts';
import { Tag } from 'antd';
import { useId } from 'react';
import { describeFilterItem } from '../../lib/filter-text';
import { FilterPopover } from './filter-popover';

interface FilterChipProps {
  item: FilterItem;
  catalogue: SegmentColumn[];
  /** The server's reason when it refused this filter: the chip shows it is not applied. */
  refusal?: string;
  onRemove: () => void;
  /** Present where a group may be edited in place. */
  onReplace?: (item: FilterItem) => void;
}

/** One applied filter or group, removable; a group opens its builder to be edited. */
export function FilterChip({ item, catalogue, refusal, onRemove, onReplace }: FilterChipProps) {
  const text = describeFilterItem(item, catalogue);
  const refusalId = useId();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Tag
        closable
        color={refusal ? 'error' : 'geekblue'}
        icon={refusal ? <ExclamationCircleOutlined aria-hidden="true" /> : undefined}
        className="m-0 py-0.5"
        aria-describedby={refusal ? refusalId : undefined}
        closeIcon={<span aria-label={`Remove filter ${text}`}>×</span>}
        onClose={(event) => {
          event.preventDefault();
          onRemove();
        }}
      >
        {isFilterGroup(item) && onReplace ? (
          <FilterPopover
            title="Edit the group"
            catalogue={catalogue}
            editing={item}
            onApply={onReplace}
          >
            {(ref, isOpen) => (
              <button
                ref={ref}
                type="button"
                aria-expanded={isOpen}
                aria-haspopup="dialog"
                className="cursor-pointer border-0 bg-transparent p-0 text-inherit underline decoration-dotted"
              >
                {text}
              </button>
            )}
          </FilterPopover>
        ) : (
          text
        )}
      </Tag>
      {refusal && (
        <span id={refusalId} className="text-xs text-red-600">
          Not applied: {refusal}
        </span>
      )}
    </span>
  );
}
