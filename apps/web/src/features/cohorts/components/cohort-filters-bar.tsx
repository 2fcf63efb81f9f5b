import type { Cohort, FilterItem } from '@revlane/contracts';
import { Button } from 'antd';
import { useUpdateCohort } from '../api/update-cohort';
import type { ApplyFilters } from '../hooks/use-cohort-filter-sync';
import { MutationButton } from '@/common/ui/mutation-button';

interface CohortFiltersBarProps {
  cohort: Cohort;
  /** The filters in the URL, which differ from the cohort's. */
  urlFilters: FilterItem[];
  applyFilters: ApplyFilters;
}

/** Shown while the table's filters differ from the cohort's: keep them, or go back. */
export function CohortFiltersBar({ cohort, urlFilters, applyFilters }: CohortFiltersBarProps) {
  const update = useUpdateCohort(cohort.segmentId);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <span className="flex-1">The filters differ from the cohort&apos;s.</span>
      <Button onClick={() => applyFilters(cohort.filters)} disabled={update.isPending}>
        Reset
      </Button>
      <MutationButton
        type="primary"
        onClick={() => update.mutate({ cohortId: cohort.id, changes: { filters: urlFilters } })}
      >
        Update cohort
      </MutationButton>
    </div>
  );
}
