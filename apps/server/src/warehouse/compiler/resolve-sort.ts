import type { BaseTable, SortInfo } from '@revlane/contracts';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import type { IssueList } from './segment-query-error.js';
import type { ResolvedAggregate, ResolvedGroupSort, ResolvedSort } from './segment-query-input.js';

/** Rows sort by any catalogue column except sparklines. */
export function resolveRowSort(
  catalogue: OrgCatalogue,
  table: BaseTable,
  sortBy: readonly SortInfo[],
  issues: IssueList,
): ResolvedSort[] {
  const sort: ResolvedSort[] = [];
  sortBy.forEach((item, index) => {
    const column = catalogue.find(table, item.field);
    if (!column) issues.add(`sortBy[${index}]`, `Unknown column "${item.field}" in ${table}`);
    else if (column.dataType === 'timeseries') {
      issues.add(`sortBy[${index}]`, `${column.label} cannot be sorted`);
    } else sort.push({ column, descending: item.isDescending });
  });
  return sort;
}

/** Groups sort by a group column, `count`, or an aggregated column (by its aggregate). */
export function resolveGroupSort(
  groupBy: readonly CatalogueColumn[],
  aggregates: readonly ResolvedAggregate[],
  sortBy: readonly SortInfo[],
  issues: IssueList,
): ResolvedGroupSort[] {
  const sort: ResolvedGroupSort[] = [];
  sortBy.forEach((item, index) => {
    const descending = item.isDescending;
    const key = groupBy.findIndex((column) => column.name === item.field);
    const aggregate = aggregates.find(({ column }) => column.name === item.field);
    if (key >= 0) sort.push({ target: { kind: 'key', index: key }, descending });
    else if (item.field === 'count') sort.push({ target: { kind: 'count' }, descending });
    else if (aggregate) sort.push({ target: { kind: 'aggregate', aggregate }, descending });
    else {
      issues.add(
        `sortBy[${index}]`,
        `Groups sort by a group column, count or an aggregated column, not "${item.field}"`,
      );
    }
  });
  return sort;
}
