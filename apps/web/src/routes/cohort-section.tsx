import { APP_ROUTES, type FilterItem, type SegmentDetail } from '@revlane/contracts';
import { Skeleton } from 'antd';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { AlertMeButton } from '@/features/alerts';
import {
  CohortActivityCard,
  CohortFiltersBar,
  CohortOverview,
  useCohort,
  useCohortFilterSync,
  type ApplyFilters,
} from '@/features/cohorts';
import {
  ExportButton,
  SegmentWorkspace,
  useRecordVocabulary,
  useSegmentView,
} from '@/features/segments';
import { toApiError } from '@/common/api';
import { EmptyState } from '@/common/ui/empty-state';
import { LoadError } from '@/common/ui/load-error';

interface CohortSectionProps {
  segment: SegmentDetail;
  cohortId: string;
}

/** One cohort: its size, its trend, changes and history, then the table with its filters. */
export function CohortSection({ segment, cohortId }: CohortSectionProps) {
  const cohort = useCohort(cohortId);
  const { view, updateView } = useSegmentView();
  const applyFilters = useCallback<ApplyFilters>(
    (filters: FilterItem[], options) => updateView({ filters }, options),
    [updateView],
  );
  const sync = useCohortFilterSync({ cohort: cohort.data, urlFilters: view.filters, applyFilters });
  const vocabulary = useRecordVocabulary(segment.baseTable);

  if (cohort.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const isMissing =
    (cohort.isError && toApiError(cohort.error).status === 404) ||
    (cohort.data && cohort.data.segmentId !== segment.id);
  if (isMissing) {
    return (
      <EmptyState title="Cohort not found">
        It may have been deleted. Pick another cohort, or see{' '}
        <Link to={APP_ROUTES.segment(segment.id)}>all records</Link>.
      </EmptyState>
    );
  }
  if (cohort.isError) {
    return (
      <LoadError
        title="This cohort could not be loaded."
        error={cohort.error}
        onRetry={() => void cohort.refetch()}
      />
    );
  }
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <CohortOverview cohort={cohort.data} />
        <AlertMeButton segmentId={segment.id} cohortId={cohortId} />
      </div>
      {/* Above the table at a fixed height: the page fits two screens (docs/architecture.md §6). */}
      <CohortActivityCard
        segmentId={segment.id}
        cohortId={cohortId}
        vocabulary={vocabulary}
        isHistoryPending={cohort.data.historyPending}
        renderExport={(change, since) => (
          <ExportButton
            segmentId={segment.id}
            label={`Export ${change}`}
            // The records with the columns the table shows (the segment's when none chosen).
            query={{
              cohort: cohortId,
              changes: change,
              since,
              ...(view.columns?.length ? { columns: JSON.stringify(view.columns) } : {}),
            }}
          />
        )}
      />
      {sync.isModified && (
        <CohortFiltersBar
          cohort={cohort.data}
          urlFilters={view.filters ?? []}
          applyFilters={applyFilters}
        />
      )}
      {sync.isReady ? (
        <SegmentWorkspace segment={segment} cohortId={cohortId} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </>
  );
}
