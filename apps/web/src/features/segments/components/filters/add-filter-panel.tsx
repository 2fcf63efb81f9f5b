import type { SegmentColumn, SegmentFilter } from '@revlane/contracts';
import { Button } from 'antd';
import { InlineAlert, Loader } from '@/common/ui';
import { useFilterCatalogue } from '../../api/get-filter-catalogue';
import { FilterBuilder } from './filter-builder';

interface AddFilterPanelProps {
  catalogue: SegmentColumn[];
  onAdd: (filter: SegmentFilter) => void;
  onCancel: () => void;
}

/** The filter builder once the server's operator catalogue is here; loading and error states. */
export function AddFilterPanel({ catalogue, onAdd, onCancel }: AddFilterPanelProps) {
  const operators = useFilterCatalogue();
  if (operators.data)
    return (
      <FilterBuilder
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
