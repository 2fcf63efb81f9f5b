import type { BaseTable } from '@revlane/contracts';
import { getCatalogue } from '../catalogue/columns.js';
import { resolveFilters } from './resolve-filters.js';
import { IssueList, type QueryIssue } from './segment-query-error.js';

/**
 * The compiler's filter checks on their own (docs/architecture.md §5.3), for a filter set that
 * is stored rather than run now (a cohort's): every problem the segment compiler would throw
 * for these filters, addressed `filters[0].operator` and so on; empty when it would accept
 * them. No SQL is built, so no organization or dialect is needed.
 */
export function validateFilters(table: BaseTable, filters: readonly unknown[]): QueryIssue[] {
  if (!getCatalogue(table)) throw new Error(`Unknown base table ${String(table)}`);
  const issues = new IssueList();
  resolveFilters(table, filters, issues);
  return issues.issues;
}
