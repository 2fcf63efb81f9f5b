import type { BaseTable, FieldError, FilterItem } from '@revlane/contracts';
import { validateFilters, type OrgCatalogue } from '../../../warehouse/index.js';

/**
 * Checks a cohort's filters with the segment compiler's own filter checks against the
 * organization's catalogue of the base table (ADR 0026), so a cohort is accepted exactly when the data endpoint could filter by
 * it. Issues come back addressed like the request body (`body.filters[0].operator`).
 */
export function checkCohortFilters(
  catalogue: OrgCatalogue,
  table: BaseTable,
  filters: readonly FilterItem[],
): FieldError[] {
  return validateFilters(catalogue, table, filters).map((issue) => ({
    path: `body.${issue.path}`,
    message: issue.message,
  }));
}
