import { COHORTS_API, cohortTrendListSchema } from '@revlane/contracts';
import { defineGetQuery, useGetQuery } from '@/common/api';
import { cohortsKeys } from './cohorts-keys';

/** `GET {liveOps}/cohorts/trends?days=`: every cohort with history in the range (home). */
export const cohortTrendsQuery = (days: number) =>
  defineGetQuery({
    service: 'liveOps',
    path: `${COHORTS_API.trends}?days=${days}`,
    schema: cohortTrendListSchema,
    queryKey: cohortsKeys.trends(days),
    // The home panel shows its own error; home stays usable without it.
    meta: { hideErrorToast: true },
  });

export const useCohortTrends = (days: number) => useGetQuery(cohortTrendsQuery(days));
