import type { SegmentDetail } from '@revlane/contracts';
import { showErrorToast } from '@/common/ui';
import { useColumnCatalogue } from '../api/get-column-catalogue';
import { useUpdateSegment } from '../api/update-segment';
import { useRefusedFilters } from '../hooks/use-refused-filters';
import { useSegmentView } from '../hooks/use-segment-view';
import { toExportQuery } from '../lib/list-query';
import { FilterChips } from './filters/filter-chips';
import { SegmentResults } from './segment-results';
import { BackToGroups } from './table/back-to-groups';
import { SegmentToolbar } from './toolbar/segment-toolbar';

interface SegmentWorkspaceProps {
  segment: SegmentDetail;
  /** On a cohort's page: its export is named after the cohort. */
  cohortId?: string;
}

/** The segment's table with its tools; the whole view lives in the URL query. */
export function SegmentWorkspace({ segment, cohortId }: SegmentWorkspaceProps) {
  // A cohort's page keeps no view of its own: its filters are the cohort's.
  const { view, updateView, isRestoring } = useSegmentView(cohortId ? undefined : segment.id);
  const saveSegment = useUpdateSegment(segment.id);
  const catalogue = useColumnCatalogue(segment.baseTable).data ?? [];
  const filters = view.filters ?? [];
  const refusedFilters = useRefusedFilters(segment.id);
  const pivot = view.groupBy === undefined ? segment.grouping.pivot : view.groupBy;
  const grouping = pivot
    ? {
        pivot,
        pivotIdentifier: view.groupBy === undefined ? segment.grouping.pivotIdentifier : null,
      }
    : null;
  const clearFilters = () => updateView({ filters: [], search: undefined });
  const shownColumns = view.columns;
  const saveDefaultColumns =
    shownColumns && shownColumns.join() !== segment.columns.join()
      ? () =>
          saveSegment.mutate(
            { columns: shownColumns },
            // The URL then follows the segment's columns, so the next change of them shows too.
            { onSuccess: () => updateView({ columns: undefined }), onError: showErrorToast },
          )
      : undefined;
  // The kept view replaces the bare URL first: no request for a view about to change.
  if (isRestoring) return null;

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
        onSaveDefaultColumns={saveDefaultColumns}
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
        refused={refusedFilters}
        onRemove={(index) => updateView({ filters: filters.filter((_, at) => at !== index) })}
        onReplace={(index, item) =>
          updateView({ filters: filters.map((old, at) => (at === index ? item : old)) })
        }
        onClear={clearFilters}
      />
      <BackToGroups
        view={view}
        grouping={segment.grouping}
        catalogue={catalogue}
        onViewChange={updateView}
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
