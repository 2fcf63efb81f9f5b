import { readCohortDependentError, type CohortDependent } from '@revlane/contracts';
import type { ApiError } from '@/common/api';
import { isRecord } from '@/common/lib/is-record';

/** The alerts and plays a 409 says still use the cohort (its body's `errors`). */
export function readCohortDependents(error: ApiError | null): CohortDependent[] {
  if (error?.status !== 409 || !isRecord(error.body) || !Array.isArray(error.body.errors)) {
    return [];
  }
  return error.body.errors.flatMap((entry) => {
    const dependent = readCohortDependentError(entry);
    return dependent ? [dependent] : [];
  });
}
