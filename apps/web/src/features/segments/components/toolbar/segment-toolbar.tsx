import { FilterOutlined } from '@ant-design/icons';
import type { SegmentColumn, SegmentFilter } from '@revlane/contracts';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import type { ExportQuery } from '../../api/create-export-ticket';
import { AddFilterPanel } from '../filters/add-filter-panel';
import { ColumnPicker } from './column-picker';
import { ExportButton } from './export-button';
import { GroupBySelect } from './group-by-select';
import { SearchBox } from './search-box';

interface SegmentToolbarProps {
  segmentId: string;
  catalogue: SegmentColumn[];
  search: string;
  onSearch: (search: string) => void;
  onAddFilter: (filter: SegmentFilter) => void;
  columns: string[];
  onColumnsChange: (columns: string[]) => void;
  groupBy: string | null;
  onGroupByChange: (pivot: string | null) => void;
  exportQuery: ExportQuery;
  canExport: boolean;
}

/** Search, filters, columns, grouping and export of the segment table. */
export function SegmentToolbar(props: SegmentToolbarProps) {
  const [isBuilderOpen, setBuilderOpen] = useState(false);
  return (
    <div role="toolbar" aria-label="Table tools" className="flex flex-wrap items-center gap-2">
      <SearchBox value={props.search} onSearch={props.onSearch} />
      <Popover
        trigger="click"
        placement="bottomLeft"
        open={isBuilderOpen}
        onOpenChange={setBuilderOpen}
        destroyOnHidden
        title="Add a filter"
        content={
          <AddFilterPanel
            catalogue={props.catalogue}
            onCancel={() => setBuilderOpen(false)}
            onAdd={(filter) => {
              setBuilderOpen(false);
              props.onAddFilter(filter);
            }}
          />
        }
      >
        <Button icon={<FilterOutlined aria-hidden="true" />}>Add filter</Button>
      </Popover>
      <ColumnPicker
        catalogue={props.catalogue}
        selected={props.columns}
        onChange={props.onColumnsChange}
      />
      <GroupBySelect
        catalogue={props.catalogue}
        value={props.groupBy}
        onChange={props.onGroupByChange}
      />
      <div className="ml-auto">
        <ExportButton
          segmentId={props.segmentId}
          query={props.exportQuery}
          disabled={!props.canExport}
        />
      </div>
    </div>
  );
}
