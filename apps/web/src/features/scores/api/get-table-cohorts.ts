import type { BaseTable, Cohort } from '@revlane/contracts';
import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '@/common/api';
import { segmentCohortsQuery, segmentDetailQuery, useMySegments } from '@/common/queries';

export interface CohortGroup {
  segmentId: string;
  segmentName: string;
  cohorts: Cohort[];
}

/**
 * The cohorts of the segments over `table`, grouped by segment: a back-test's outcome is a
 * cohort of the score's own records. Read through the segments' and cohorts' own queries
 * (`common/queries`); a segment that cannot be read leaves its group out.
 */
export function useTableCohorts(table: BaseTable) {
  const segments = useMySegments();
  const client = useApiClient('liveOps');
  const list = segments.data ?? [];
  const details = useQueries({
    queries: list.map((segment) => ({
      ...segmentDetailQuery(segment.id).options(client),
      meta: { hideErrorToast: true },
    })),
  });
  const cohorts = useQueries({
    queries: list.map((segment, at) => ({
      ...segmentCohortsQuery(segment.id).options(client),
      enabled: details[at]?.data?.baseTable === table,
      meta: { hideErrorToast: true },
    })),
  });
  const groups: CohortGroup[] = list.flatMap((segment, at) => {
    const found = details[at]?.data?.baseTable === table ? cohorts[at]?.data : undefined;
    return found?.length
      ? [{ segmentId: segment.id, segmentName: segment.name, cohorts: found }]
      : [];
  });
  const isPending =
    segments.isPending ||
    details.some((detail) => detail.isPending) ||
    cohorts.some((read, at) => details[at]?.data?.baseTable === table && read.isPending);
  return { groups, isPending };
}
