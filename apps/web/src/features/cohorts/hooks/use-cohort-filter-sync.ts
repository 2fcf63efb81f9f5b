import type { Cohort, FilterItem } from '@revlane/contracts';
import { isSameFilters } from '@revlane/contracts';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

export type ApplyFilters = (filters: FilterItem[], options?: { replace?: boolean }) => void;

interface CohortFilterSyncOptions {
  /** Undefined until the cohort has loaded. */
  cohort: Cohort | undefined;
  /** The filters in the URL; undefined when the URL has none. */
  urlFilters: FilterItem[] | undefined;
  applyFilters: ApplyFilters;
}

/**
 * The table's filters live in the URL. A cohort opened without filters in its URL gets the
 * cohort's own (replacing the history entry); a URL that already has filters (a shared link,
 * a reload after editing) is kept as it is and only compared with the cohort's.
 */
export function useCohortFilterSync({ cohort, urlFilters, applyFilters }: CohortFilterSyncOptions) {
  const location = useLocation();
  // The URL as the page was opened: later URL changes are the user's own edits.
  const [arrival] = useState(() => ({ key: location.key, hadFilters: urlFilters !== undefined }));
  const isWaitingForFilters =
    cohort !== undefined &&
    !arrival.hadFilters &&
    cohort.filters.length > 0 &&
    location.key === arrival.key;

  useEffect(() => {
    if (isWaitingForFilters) applyFilters(cohort.filters, { replace: true });
  }, [isWaitingForFilters, applyFilters, cohort]);

  const isReady = cohort !== undefined && !isWaitingForFilters;
  return {
    /** The URL holds the filters to show; before this the table would show the wrong rows. */
    isReady,
    /** The URL's filters are not the cohort's: offer to update the cohort or reset. */
    isModified: isReady && !isSameFilters(urlFilters ?? [], cohort.filters),
  };
}
