import { CloseOutlined } from '@ant-design/icons';
import {
  FILTER_GROUP_MAX,
  type FilterCatalogue,
  type FilterGroup,
  type SegmentColumn,
  type SegmentFilter,
} from '@revlane/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { describeFilter } from '../../lib/filter-text';
import { FilterBuilder } from './filter-builder';

interface FilterGroupBuilderProps {
  catalogue: SegmentColumn[];
  operatorCatalogue: FilterCatalogue;
  /** The conditions of the group being edited; none for a new group. */
  initial?: SegmentFilter[];
  onApply: (group: FilterGroup) => void;
  onCancel: () => void;
}

/**
 * "Match any of": conditions added one by one with the filter builder, applied together as
 * one group that a record matches when it matches any of them (docs/product.md §5).
 */
export function FilterGroupBuilder({
  catalogue,
  operatorCatalogue,
  initial = [],
  onApply,
  onCancel,
}: FilterGroupBuilderProps) {
  const [conditions, setConditions] = useState(initial);
  // A new builder for each condition: it starts empty, focused on its field.
  const [builderKey, setBuilderKey] = useState(0);
  const isFull = conditions.length >= FILTER_GROUP_MAX;
  const add = (condition: SegmentFilter) => {
    setConditions([...conditions, condition]);
    setBuilderKey(builderKey + 1);
  };
  return (
    <div className="flex w-80 flex-col gap-3">
      <p className="m-0 text-slate-600">Records matching any of these conditions.</p>
      {conditions.length > 0 && (
        <ul aria-label="Conditions" className="m-0 flex list-none flex-col gap-1 p-0">
          {conditions.map((condition, index) => {
            const text = describeFilter(condition, catalogue);
            return (
              <li key={`${index}:${text}`} className="flex items-center justify-between gap-2">
                <span>
                  {index > 0 && <span className="text-slate-500">or </span>}
                  {text}
                </span>
                <Button
                  size="small"
                  type="text"
                  aria-label={`Remove condition ${text}`}
                  icon={<CloseOutlined aria-hidden="true" />}
                  onClick={() => setConditions(conditions.filter((_, at) => at !== index))}
                />
              </li>
            );
          })}
        </ul>
      )}
      {isFull ? (
        <p className="m-0 text-slate-500">A group holds at most {FILTER_GROUP_MAX} conditions.</p>
      ) : (
        <FilterBuilder
          key={builderKey}
          catalogue={catalogue}
          operatorCatalogue={operatorCatalogue}
          formLabel="Add a condition"
          submitLabel="Add condition"
          onAdd={add}
        />
      )}
      {conditions.length < 2 && (
        <p className="m-0 text-xs text-slate-500">Add at least two conditions.</p>
      )}
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-3">
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          type="primary"
          disabled={conditions.length < 2}
          onClick={() => onApply({ match: 'any', filters: conditions })}
        >
          Apply group
        </Button>
      </div>
    </div>
  );
}
