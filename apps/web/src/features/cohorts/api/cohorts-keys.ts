import type { TrendRequestInput } from '@revlane/contracts';

/** Query keys of the cohorts feature. */
export const cohortsKeys = {
  all: ['cohorts'] as const,
  list: (segmentId: string) => [...cohortsKeys.all, 'list', segmentId] as const,
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
