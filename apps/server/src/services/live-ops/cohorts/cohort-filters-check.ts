import type { BaseTable, FieldError, SegmentFilter } from '@revlane/contracts';
import {
  compileSegmentQuery,
  isSegmentQueryError,
  type Dialect,
} from '../../../warehouse/index.js';

/** Nothing runs: the compiled SQL is thrown away, so any well-formed id will do. */
const PLACEHOLDER_ORG_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Checks a cohort's filters with THE segment compiler against the base table's catalogue,
 * so a cohort is accepted exactly when the data endpoint could filter by it. Issues come
 * back addressed like the request body (`body.filters[0].operator`).
 */
export function checkCohortFilters(
  table: BaseTable,
  filters: readonly SegmentFilter[],
  dialect: Dialect,
): FieldError[] {
  try {
    compileSegmentQuery({ orgId: PLACEHOLDER_ORG_ID, table, filters: [...filters] }, dialect);
    return [];
  } catch (error) {
    if (!isSegmentQueryError(error)) throw error;
    return error.issues.map((issue) => ({ path: `body.${issue.path}`, message: issue.message }));
  }
}

/**
 * Whether two filter lists mean the same. Compared field by field in a fixed order because
 * jsonb does not keep the key order the client sent.
 */
export function isSameFilters(a: readonly SegmentFilter[], b: readonly SegmentFilter[]): boolean {
  const canonical = (filters: readonly SegmentFilter[]) =>
    JSON.stringify(filters.map(({ field, operator, value }) => [field, operator, value ?? null]));
  return canonical(a) === canonical(b);
}
