import type { FilterItem, SegmentColumn } from '@revlane/contracts';
import { Button } from 'antd';
import { FilterChip } from './filter-chip';

interface FilterChipsProps {
  filters: FilterItem[];
  catalogue: SegmentColumn[];
  /** The items the server refused, by index, with its reason (`useRefusedFilters`). */
  refused?: ReadonlyMap<number, string>;
  onRemove: (index: number) => void;
  /** Where given, a group chip opens its builder and its edit replaces it. */
  onReplace?: (index: number, item: FilterItem) => void;
  onClear: () => void;
}

/** The applied filters (all must match; a group matches as it says), each removable. */
export function FilterChips({
  filters,
  catalogue,
  refused,
  onRemove,
  onReplace,
  onClear,
}: FilterChipsProps) {
  if (filters.length === 0) return null;
  return (
    <ul aria-label="Filters" className="flex flex-wrap items-center gap-2">
      {filters.map((item, index) => (
        // The index is part of the key: the same filter may be listed twice.
        <li key={`${index}:${JSON.stringify(item)}`}>
          <FilterChip
            item={item}
            catalogue={catalogue}
            refusal={refused?.get(index)}
            onRemove={() => onRemove(index)}
            onReplace={onReplace && ((next) => onReplace(index, next))}
          />
        </li>
      ))}
      <li>
        <Button type="link" size="small" onClick={onClear}>
          Clear filters
        </Button>
      </li>
    </ul>
  );
}
