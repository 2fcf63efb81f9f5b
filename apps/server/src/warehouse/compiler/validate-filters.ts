import type { BaseTable } from '@revlane/contracts';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import { resolveFilters } from './resolve-filters.js';
import { IssueList, type QueryIssue } from './segment-query-error.js';

/**
 * The compiler's filter checks on their own (docs/architecture.md §5.3), for a filter set that
 * is stored rather than run now (a cohort's): every problem the segment compiler would throw
 * for these filters against the organization's catalogue (ADR 0026), addressed
 * `filters[0].operator` and so on; empty when it would accept them. No SQL is built.
 */
export function validateFilters(
  catalogue: OrgCatalogue,
  table: BaseTable,
  filters: readonly unknown[],
): QueryIssue[] {
  if (table !== 'accounts' && table !== 'users')
    throw new Error(`Unknown base table ${String(table)}`);
  const issues = new IssueList();
  resolveFilters(catalogue, table, filters, issues);
  return issues.issues;
}
