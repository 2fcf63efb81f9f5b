import type { SegmentDetail } from '@revlane/contracts';
import { useColumnCatalogue } from '../api/get-column-catalogue';
import { useSegmentView } from '../hooks/use-segment-view';
import { toExportQuery } from '../lib/list-query';
import { FilterChips } from './filters/filter-chips';
import { SegmentResults } from './segment-results';
import { SegmentToolbar } from './toolbar/segment-toolbar';

interface SegmentWorkspaceProps {
  segment: SegmentDetail;
  /** On a cohort's page: its export is named after the cohort. */
  cohortId?: string;
}

/** The segment's table with its tools; the whole view lives in the URL query. */
export function SegmentWorkspace({ segment, cohortId }: SegmentWorkspaceProps) {
  const { view, updateView } = useSegmentView();
  const catalogue = useColumnCatalogue(segment.baseTable).data ?? [];
  const filters = view.filters ?? [];
  const pivot = view.groupBy === undefined ? segment.grouping.pivot : view.groupBy;
  const grouping = pivot
    ? {
        pivot,
        pivotIdentifier: view.groupBy === undefined ? segment.grouping.pivotIdentifier : null,
      }
    : null;
  const clearFilters = () => updateView({ filters: [], search: undefined });

  return (
    <div className="flex flex-col gap-4">
      <SegmentToolbar
        segmentId={segment.id}
        catalogue={catalogue}
        search={view.search ?? ''}
        onSearch={(search) => updateView({ search: search || undefined })}
        onAddFilter={(filter) => updateView({ filters: [...filters, filter] })}
        columns={view.columns ?? segment.columns}
        onColumnsChange={(columns) => updateView({ columns })}
        groupBy={pivot}
        onGroupByChange={(next) =>
          updateView({ groupBy: next === segment.grouping.pivot ? undefined : next })
        }
        exportQuery={{
          ...toExportQuery(view),
          ...(grouping && { pivot: grouping.pivot }),
          ...(grouping?.pivotIdentifier && { pivot_identifier: grouping.pivotIdentifier }),
          ...(cohortId && { cohort: cohortId }),
        }}
        canExport={segment.status === 'ready'}
      />
      <FilterChips
        filters={filters}
        catalogue={catalogue}
        onRemove={(index) => updateView({ filters: filters.filter((_, at) => at !== index) })}
        onClear={clearFilters}
      />
      <SegmentResults
        segment={segment}
        view={view}
        grouping={grouping}
        onViewChange={updateView}
        onClearFilters={clearFilters}
      />
    </div>
  );
}
