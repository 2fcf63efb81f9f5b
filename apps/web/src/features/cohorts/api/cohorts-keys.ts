import type { TrendRequestInput } from '@revlane/contracts';
import { sharedKeys } from '@/common/queries';

/** Query keys of the cohorts feature; a segment's list is shared (`common/queries`). */
export const cohortsKeys = {
  all: ['cohorts'] as const,
  list: sharedKeys.segmentCohorts,
  detail: (cohortId: string) => [...cohortsKeys.all, 'detail', cohortId] as const,
  /** Everything read from one cohort's snapshots or definition (versions, changes, trends). */
  ofCohort: (cohortId: string) => [...cohortsKeys.all, 'of', cohortId] as const,
  versions: (cohortId: string) => [...cohortsKeys.ofCohort(cohortId), 'versions'] as const,
  changes: (cohortId: string, request: { since: string; change: string; page: number }) =>
    [...cohortsKeys.ofCohort(cohortId), 'changes', request] as const,
  trend: (cohortId: string, kind: 'trend' | 'rolling-avg', body: TrendRequestInput) =>
    [...cohortsKeys.ofCohort(cohortId), kind, body] as const,
  favorites: () => [...cohortsKeys.all, 'favorites'] as const,
  trends: (days: number) => [...cohortsKeys.all, 'trends', days] as const,
};
