import type { Cohort } from '@revlane/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { cohortsKeys } from '../api/cohorts-keys';

/**
 * What is read from a cohort's snapshots (trend, entered/left) is out of date once a newer
 * snapshot lands or its history has been back-filled (ADR 0013), e.g. a cohort saved moments
 * ago, first counted, then given its past days: read it again then.
 */
export function useRefreshOnNewSnapshot(cohortId: string, cohort: Cohort | undefined) {
  const queryClient = useQueryClient();
  const state = cohort && `${cohort.snapshotAt ?? ''} ${String(cohort.historyPending)}`;
  const seen = useRef(state);
  useEffect(() => {
    if (seen.current !== undefined && state !== undefined && state !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: cohortsKeys.ofCohort(cohortId) });
    }
    seen.current = state;
  }, [cohortId, state, queryClient]);
}
