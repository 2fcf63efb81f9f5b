import type { SegmentColumn, SegmentFilter } from '@revlane/contracts';
import { Button, Tag } from 'antd';
import { describeFilter } from '../../lib/filter-text';

interface FilterChipsProps {
  filters: SegmentFilter[];
  catalogue: SegmentColumn[];
  onRemove: (index: number) => void;
  onClear: () => void;
}

/** The applied filters (all must match), each removable. */
export function FilterChips({ filters, catalogue, onRemove, onClear }: FilterChipsProps) {
  if (filters.length === 0) return null;
  return (
    <ul aria-label="Filters" className="flex flex-wrap items-center gap-2">
      {filters.map((filter, index) => {
        const text = describeFilter(filter, catalogue);
        return (
          <li key={`${index}:${text}`}>
            <Tag
              closable
              color="geekblue"
              className="m-0 py-0.5"
              closeIcon={<span aria-label={`Remove filter ${text}`}>×</span>}
              onClose={(event) => {
                event.preventDefault();
                onRemove(index);
              }}
            >
              {text}
            </Tag>
          </li>
        );
      })}
      <li>
        <Button type="link" size="small" onClick={onClear}>
          Clear filters
        </Button>
      </li>
    </ul>
  );
}
