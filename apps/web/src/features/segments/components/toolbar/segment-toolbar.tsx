import type { FilterItem, SegmentColumn } from '@revlane/contracts';
import type { ExportQuery } from '../../api/create-export-ticket';
import { AddFilterButton } from '../filters/add-filter-button';
import { ColumnPicker } from './column-picker';
import { ExportButton } from './export-button';
import { GroupBySelect } from './group-by-select';
import { SearchBox } from './search-box';

interface SegmentToolbarProps {
  segmentId: string;
  catalogue: SegmentColumn[];
  search: string;
  onSearch: (search: string) => void;
  onAddFilter: (filter: FilterItem) => void;
  columns: string[];
  onColumnsChange: (columns: string[]) => void;
  /** Present when the shown columns differ from the segment's defaults (ADR 0013). */
  onSaveDefaultColumns?: () => void | Promise<unknown>;
  groupBy: string | null;
  onGroupByChange: (pivot: string | null) => void;
  exportQuery: ExportQuery;
  canExport: boolean;
}

/**
 * Search, filters, columns, grouping and export of the segment table, on one row from the
 * width the table has at 1280 px beside the cohorts (docs/product.md §2): the search box gives
 * up width first (15rem down to 7rem); only narrower than that do the tools wrap.
 */
export function SegmentToolbar(props: SegmentToolbarProps) {
  return (
    <div role="toolbar" aria-label="Table tools" className="flex flex-wrap items-center gap-2">
      <div className="max-w-60 min-w-28 flex-[1_1_7rem]">
        <SearchBox value={props.search} onSearch={props.onSearch} />
      </div>
      <AddFilterButton catalogue={props.catalogue} onAdd={props.onAddFilter} />
      <ColumnPicker
        catalogue={props.catalogue}
        selected={props.columns}
        onChange={props.onColumnsChange}
        onSaveDefault={props.onSaveDefaultColumns}
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
