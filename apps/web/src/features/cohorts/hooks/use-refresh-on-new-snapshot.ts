import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { cohortsKeys } from '../api/cohorts-keys';

/**
 * What is read from a cohort's snapshots (trend, entered/left) is out of date once a newer
 * snapshot lands, e.g. the first count of a cohort saved moments ago: read it again then.
 */
export function useRefreshOnNewSnapshot(cohortId: string, snapshotAt: string | null | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(snapshotAt);
  useEffect(() => {
    if (seen.current !== undefined && snapshotAt !== undefined && snapshotAt !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: cohortsKeys.ofCohort(cohortId) });
    }
    seen.current = snapshotAt;
  }, [cohortId, snapshotAt, queryClient]);
}
