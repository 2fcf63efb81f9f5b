import type { BaseTable, FieldError, SegmentFilter } from '@revlane/contracts';
import { validateFilters } from '../../../warehouse/index.js';

/**
 * Checks a cohort's filters with the segment compiler's own filter checks against the base
 * table's catalogue, so a cohort is accepted exactly when the data endpoint could filter by
 * it. Issues come back addressed like the request body (`body.filters[0].operator`).
 */
export function checkCohortFilters(
  table: BaseTable,
  filters: readonly SegmentFilter[],
): FieldError[] {
  return validateFilters(table, filters).map((issue) => ({
    path: `body.${issue.path}`,
    message: issue.message,
  }));
}
