import type { Cohort, SegmentColumn } from '@revlane/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import {
  columnCatalogueQuery,
  segmentCohortsQuery,
  useMySegments,
  useSegmentBaseTable,
} from '@/common/queries';

export interface CohortGroup {
  segmentId: string;
  segmentName: string;
  cohorts: Cohort[];
}

/**
 * Every cohort the organization's segments hold, grouped by segment: the segments the menu
 * lists (`segments/me`), then each one's cohorts, through the cohorts feature's own query
 * (`common/queries`), so a cohort saved elsewhere shows here too. An activation names its
 * cohort only, so one list of all of them lets the editor show the saved one without asking
 * which segment it is in.
 */
export function useCohortGroups() {
  const segments = useMySegments();
  const client = useApiClient('liveOps');
  const lists = useQueries({
    queries: (segments.data ?? []).map((segment) => ({
      ...segmentCohortsQuery(segment.id).options(client),
      // A segment whose cohorts cannot be read leaves its group out; the rest stay choosable.
      meta: { hideErrorToast: true },
    })),
  });
  const groups: CohortGroup[] = (segments.data ?? []).flatMap((segment, at) => {
    const cohorts = lists[at]?.data;
    return cohorts?.length ? [{ segmentId: segment.id, segmentName: segment.name, cohorts }] : [];
  });
  return {
    groups,
    isPending: segments.isPending || lists.some((list) => list.isPending),
  };
}

// A series of values over time has no single value to send to a field.
const sendableColumns = (columns: SegmentColumn[]) =>
  columns.filter((column) => column.dataType !== 'timeseries');

/**
 * The columns a cohort's records have: the catalogue of its segment's base table, read
 * through the segments feature's queries (`common/queries`).
 */
export function useCohortColumns(segmentId: string | undefined) {
  const baseTable = useSegmentBaseTable(segmentId);
  const query = columnCatalogueQuery(baseTable ?? '');
  const columns = useQuery({
    ...query.options(useApiClient(query.service)),
    enabled: baseTable !== undefined,
    select: sendableColumns,
  });
  return { columns: columns.data ?? [], isPending: Boolean(segmentId) && !columns.data };
}
