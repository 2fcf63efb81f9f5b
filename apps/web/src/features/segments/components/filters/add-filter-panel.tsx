import type { FilterGroup, FilterItem, SegmentColumn } from '@revlane/contracts';
import { Button } from 'antd';
import { InlineAlert, Loader } from '@/common/ui';
import { useFilterCatalogue } from '../../api/get-filter-catalogue';
import { FilterGroupBuilder } from './filter-group-builder';
import { FilterItemBuilder } from './filter-item-builder';

interface AddFilterPanelProps {
  catalogue: SegmentColumn[];
  /** A group to edit (its conditions removed or added to) instead of a new item. */
  editing?: FilterGroup;
  onAdd: (item: FilterItem) => void;
  onCancel: () => void;
}

/** The filter builder once the server's operator catalogue is here; loading and error states. */
export function AddFilterPanel({ catalogue, editing, onAdd, onCancel }: AddFilterPanelProps) {
  const operators = useFilterCatalogue();
  if (operators.data && editing)
    return (
      <FilterGroupBuilder
        catalogue={catalogue}
        operatorCatalogue={operators.data}
        initial={editing.filters}
        onApply={(group) => onAdd({ ...group, match: editing.match })}
        onCancel={onCancel}
      />
    );
  if (operators.data)
    return (
      <FilterItemBuilder
        catalogue={catalogue}
        operatorCatalogue={operators.data}
        onAdd={onAdd}
        onCancel={onCancel}
      />
    );
  if (operators.isError)
    return (
      <InlineAlert
        type="error"
        className="w-80"
        title="The filter conditions could not be loaded."
        action={
          <Button size="small" onClick={() => void operators.refetch()}>
            Retry
          </Button>
        }
      />
    );
  return (
    <div className="w-80">
      <Loader label="Loading the filter conditions" />
    </div>
  );
}
