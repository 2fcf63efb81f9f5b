import {
  FILTER_GROUP_MAX,
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
import type { ResolvedCondition, ResolvedFilter } from './segment-query-input.js';

const MATCHES = ['any', 'all'];

const isGroupLike = (raw: unknown): raw is { match: unknown; filters: unknown } =>
  typeof raw === 'object' && raw !== null && 'match' in raw;

/**
 * Checks each item of a filter list against the catalogue and the contracts
 * (docs/architecture.md §5.3): a filter's field is a column of the table, its operator applies
 * to the column's data type, its value has the operator's shape; a group (docs/product.md
 * §5.2) says `any` or `all` and holds 1–20 such filters, addressed `filters[2].filters[0]…`.
 * `none` filters need no condition and are dropped; a group of `any` holding one matches
 * every record and is dropped whole.
 */
export function resolveFilters(
  catalogue: OrgCatalogue,
  table: BaseTable,
  filters: readonly unknown[],
  issues: IssueList,
  listPath = 'filters',
  viewerEmail: string | null = null,
): ResolvedCondition[] {
  const resolved: ResolvedCondition[] = [];
  filters.forEach((raw, index) => {
    const path = `${listPath}[${index}]`;
    if (!isGroupLike(raw)) {
      const filter = resolveFilter(catalogue, table, raw, issues, path, viewerEmail);
      if (filter && filter !== 'always') resolved.push(filter);
      return;
    }
    if (typeof raw.match !== 'string' || !MATCHES.includes(raw.match)) {
      return issues.add(`${path}.match`, 'A group matches "any" or "all" of its filters');
    }
    const members = raw.filters;
    if (!Array.isArray(members) || members.length === 0 || members.length > FILTER_GROUP_MAX) {
      return issues.add(`${path}.filters`, `A group holds 1 to ${FILTER_GROUP_MAX} filters`);
    }
    const group: ResolvedFilter[] = [];
    let always = false;
    members.forEach((member: unknown, memberIndex) => {
      const memberPath = `${path}.filters[${memberIndex}]`;
      if (isGroupLike(member)) return issues.add(memberPath, 'A group holds filters, not groups');
      const filter = resolveFilter(catalogue, table, member, issues, memberPath, viewerEmail);
      if (filter === 'always') always = true;
      else if (filter) group.push(filter);
    });
    if (raw.match === 'any' && always) return;
    if (group.length > 0) resolved.push({ match: raw.match as 'any' | 'all', filters: group });
  });
  return resolved;
}

/** The owner columns on which the value "me" means the signed-in user (ADR 0032). */
const OWNER_EMAILS = new Set(['owner_email', 'account_owner_email']);
/** Matches no email: "me" for a query no user asked (a snapshot without a viewer). */
const NOBODY = '';

/** "me" (any case), alone or in a list, as the viewer's email. */
function meAs(value: unknown, viewerEmail: string | null): unknown {
  const me = (item: unknown) =>
    typeof item === 'string' && item.trim().toLowerCase() === 'me' ? (viewerEmail ?? NOBODY) : item;
  return Array.isArray(value) ? value.map(me) : me(value);
}

/** One filter: its condition, 'always' for `none` (every record), or undefined after an issue. */
function resolveFilter(
  catalogue: OrgCatalogue,
  table: BaseTable,
  raw: unknown,
  issues: IssueList,
  path: string,
  viewerEmail: string | null,
): ResolvedFilter | 'always' | undefined {
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
    return undefined;
  }
  const filter = parsed.data;
  const column = catalogue.find(table, filter.field);
  if (!column) {
    issues.add(`${path}.field`, `Unknown field "${filter.field}" in ${table}`);
    return undefined;
  }
  if (!isOperatorAllowed(column.dataType, filter.operator)) {
    const allowed = OPERATORS_BY_DATA_TYPE[column.dataType].join(', ');
    issues.add(
      `${path}.operator`,
      `Operator "${filter.operator}" does not apply to ${column.label} (${column.dataType}); use one of: ${allowed}`,
    );
    return undefined;
  }
  if (filter.operator === 'none') return 'always';
  const problem = describeFilterValueProblem(filter);
  if (problem) {
    issues.add(`${path}.value`, `${column.label}: ${problem}`);
    return undefined;
  }
  const value = normaliseFilterValue(
    column,
    filter.operator,
    OWNER_EMAILS.has(column.name) ? meAs(filter.value, viewerEmail) : filter.value,
    issues,
    `${path}.value`,
  );
  return value === undefined ? undefined : { column, operator: filter.operator, value };
}
