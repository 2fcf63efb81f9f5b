import { APP_ROUTES, serializeListParams, type Cohort } from '@revlane/contracts';
import type { To } from 'react-router';

/**
 * Where a cohort opens from its list: its page with its own filters in the URL, written as
 * the page writes them (docs/architecture.md §6). Opening a cohort always shows its filters, also
 * from its own page (just saved, or with edited filters): the page is not mounted again
 * then, so the filters it filled in on arrival (`useCohortFilterSync`) would not come back.
 */
export function cohortLink(cohort: Pick<Cohort, 'id' | 'segmentId' | 'filters'>): To {
  const search = new URLSearchParams(serializeListParams({ filters: cohort.filters })).toString();
  return {
    pathname: APP_ROUTES.cohort(cohort.segmentId, cohort.id),
    search: search ? `?${search}` : '',
  };
}
