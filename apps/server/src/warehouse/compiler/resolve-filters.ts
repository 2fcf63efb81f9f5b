import {
  FILTER_OPERATORS,
  OPERATORS_BY_DATA_TYPE,
  describeFilterValueProblem,
  isOperatorAllowed,
  segmentFilterSchema,
  type BaseTable,
} from '@revlane/contracts';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import { normaliseFilterValue } from './filter-values.js';
import type { IssueList } from './segment-query-error.js';
import type { ResolvedFilter } from './segment-query-input.js';

/**
 * Checks each filter against the catalogue and the contracts (docs/architecture.md §5.3): the field is a
 * column of the table, the operator applies to its data type, the value has the operator's
 * shape. `none` filters need no condition and are dropped.
 */
export function resolveFilters(
  catalogue: OrgCatalogue,
  table: BaseTable,
  filters: readonly unknown[],
  issues: IssueList,
  listPath = 'filters',
): ResolvedFilter[] {
  const resolved: ResolvedFilter[] = [];
  filters.forEach((raw, index) => {
    const path = `${listPath}[${index}]`;
    const parsed = segmentFilterSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${path}.${issue.path.join('.')}` : path;
      const field = issue?.path[0];
      issues.add(
        where,
        field === 'operator'
          ? `Unknown operator; operators are: ${Object.keys(FILTER_OPERATORS).join(', ')}`
          : field === 'field'
            ? 'A filter needs a field name'
            : 'A filter needs field, operator and value',
      );
      return;
    }
    const filter = parsed.data;
    const column = catalogue.find(table, filter.field);
    if (!column) return issues.add(`${path}.field`, `Unknown field "${filter.field}" in ${table}`);
    if (!isOperatorAllowed(column.dataType, filter.operator)) {
      const allowed = OPERATORS_BY_DATA_TYPE[column.dataType].join(', ');
      return issues.add(
        `${path}.operator`,
        `Operator "${filter.operator}" does not apply to ${column.label} (${column.dataType}); use one of: ${allowed}`,
      );
    }
    if (filter.operator === 'none') return;
    const problem = describeFilterValueProblem(filter);
    if (problem) return issues.add(`${path}.value`, `${column.label}: ${problem}`);
    const value = normaliseFilterValue(
      column,
      filter.operator,
      filter.value,
      issues,
      `${path}.value`,
    );
    if (value !== undefined) resolved.push({ column, operator: filter.operator, value });
  });
  return resolved;
}
