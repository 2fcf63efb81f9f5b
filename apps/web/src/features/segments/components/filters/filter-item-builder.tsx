import type { FilterCatalogue, FilterItem, SegmentColumn } from '@revlane/contracts';
import { Segmented } from 'antd';
import { useState } from 'react';
import { FilterBuilder } from './filter-builder';
import { FilterGroupBuilder } from './filter-group-builder';

interface FilterItemBuilderProps {
  catalogue: SegmentColumn[];
  operatorCatalogue: FilterCatalogue;
  onAdd: (item: FilterItem) => void;
  onCancel: () => void;
}

type Kind = 'one' | 'any';

const KINDS = [
  { value: 'one' as const, label: 'One condition' },
  { value: 'any' as const, label: 'Match any of' },
];

/** A new item of a filter list: one condition, or a "Match any of" group (docs/product.md §5). */
export function FilterItemBuilder({
  catalogue,
  operatorCatalogue,
  onAdd,
  onCancel,
}: FilterItemBuilderProps) {
  const [kind, setKind] = useState<Kind>('one');
  return (
    <div className="flex w-80 flex-col gap-3">
      <Segmented<Kind> block options={KINDS} value={kind} onChange={setKind} />
      {kind === 'one' ? (
        <FilterBuilder
          catalogue={catalogue}
          operatorCatalogue={operatorCatalogue}
          onAdd={onAdd}
          onCancel={onCancel}
        />
      ) : (
        <FilterGroupBuilder
          catalogue={catalogue}
          operatorCatalogue={operatorCatalogue}
          onApply={onAdd}
          onCancel={onCancel}
        />
      )}
    </div>
  );
}
