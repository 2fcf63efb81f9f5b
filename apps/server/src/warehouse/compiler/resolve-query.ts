import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  SPECIAL_COLUMN_NAMES,
  type BaseTable,
} from '@revlane/contracts';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import { BUILT_IN_CATALOGUE, type OrgCatalogue } from '../catalogue/org-catalogue.js';
import { assertOrgId } from '../engine/identifiers.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';
import { resolveAggregates } from './resolve-aggregates.js';
import { resolveFilters } from './resolve-filters.js';
import { IssueList } from './segment-query-error.js';
import { resolveGroupSort, resolveRowSort } from './resolve-sort.js';
import type { ResolvedQuery, SegmentQueryInput } from './segment-query-input.js';

const MAX_SEARCH_LENGTH = 200;
const DAY_MS = 86_400_000;
const utcDayStart = (millis: number) => Math.floor(millis / DAY_MS) * DAY_MS;
/** Keeps OFFSET an exact integer on both engines; nobody pages this far by hand. */
const MAX_PAGE = 1_000_000;

function resolvePositive(
  value: number | undefined,
  fallback: number,
  path: string,
  issues: IssueList,
) {
  if (value === undefined) return fallback;
  if (Number.isSafeInteger(value) && value >= 1) return value;
  issues.add(path, `${path} must be a whole number of at least 1`);
  return fallback;
}

function resolvePage(value: number | undefined, issues: IssueList) {
  const page = resolvePositive(value, 1, 'page', issues);
  if (page <= MAX_PAGE) return page;
  issues.add('page', `page must be at most ${MAX_PAGE}`);
  return 1;
}

function resolveColumns(
  catalogue: OrgCatalogue,
  table: BaseTable,
  names: readonly string[] | undefined,
  issues: IssueList,
) {
  if (!names || names.length === 0) return [...catalogue.columns(table)];
  const columns: CatalogueColumn[] = [];
  names.forEach((name: unknown, index) => {
    // Parsed from the client's JSON: anything may arrive. Only strings are looked up, and
    // nothing else is turned into text (String() throws on `{"toString":0}`).
    if (typeof name !== 'string') {
      issues.add(`columns[${index}]`, 'A column is named by a string');
      return;
    }
    const column = catalogue.find(table, name);
    if (!column) issues.add(`columns[${index}]`, `Unknown column "${name}" in ${table}`);
    else if (!columns.includes(column)) columns.push(column);
  });
  return columns;
}

const GROUP_PATHS = [SPECIAL_COLUMN_NAMES.pivot, SPECIAL_COLUMN_NAMES.pivotIdentifier];

function resolveGroupBy(
  catalogue: OrgCatalogue,
  table: BaseTable,
  names: readonly string[] | undefined,
  issues: IssueList,
) {
  const groupBy: CatalogueColumn[] = [];
  if (names && names.length > GROUP_PATHS.length)
    issues.add('groupBy', 'Group by one or two columns');
  (names ?? []).slice(0, GROUP_PATHS.length).forEach((name, index) => {
    const path = GROUP_PATHS[index]!;
    const column = catalogue.find(table, name);
    if (!column) issues.add(path, `Unknown column "${name}" in ${table}`);
    else if (column.dataType === 'timeseries')
      issues.add(path, `${column.label} cannot be grouped`);
    else if (groupBy.includes(column)) issues.add(path, 'Group by two different columns');
    else groupBy.push(column);
  });
  return groupBy;
}

/**
 * Validates a segment query against the table's catalogue, collecting every problem before
 * throwing one SegmentQueryError, and resolves names to catalogue entries. `perPage` above
 * MAX_PER_PAGE is capped rather than refused.
 */
export function resolveQuery(input: SegmentQueryInput): ResolvedQuery {
  const issues = new IssueList();
  const { table } = input;
  // The organization's catalogue (ADR 0026); the built-in one for code without custom columns.
  const catalogue = input.catalogue ?? BUILT_IN_CATALOGUE;
  if (table !== 'accounts' && table !== 'users')
    throw new Error(`Unknown base table ${String(table)}`);
  const search = input.search?.trim() ?? '';
  if (search.length > MAX_SEARCH_LENGTH) {
    issues.add('search', `Search must be at most ${MAX_SEARCH_LENGTH} characters`);
  }
  const columns = resolveColumns(catalogue, table, input.columns, issues);
  const groupBy = resolveGroupBy(catalogue, table, input.groupBy, issues);
  const grouped = (input.groupBy?.length ?? 0) > 0;
  const aggregates = resolveAggregates(columns, groupBy, input.aggregates);
  const sortBy = input.sortBy ?? [];
  const viewer = input.viewerEmail ?? null;
  const resolved: ResolvedQuery = {
    orgId: assertOrgId(input.orgId),
    table,
    catalogue,
    sourceTable: input.sourceTable ?? SEGMENT_TABLE_NAMES[table],
    changesOf: input.changesOf ?? null,
    filters: [
      ...resolveFilters(catalogue, table, input.baseFilters ?? [], issues, 'baseFilters', viewer),
      ...resolveFilters(catalogue, table, input.filters ?? [], issues, 'filters', viewer),
    ],
    today: utcDayStart(input.asOf ?? Date.now()),
    search: search ? search.toLowerCase() : null,
    sort: grouped ? [] : resolveRowSort(catalogue, table, sortBy, issues),
    columns,
    page: resolvePage(input.page, issues),
    perPage: Math.min(
      resolvePositive(input.perPage, DEFAULT_PER_PAGE, 'perPage', issues),
      MAX_PER_PAGE,
    ),
    groupBy,
    aggregates,
    groupSort: grouped ? resolveGroupSort(groupBy, aggregates, sortBy, issues) : [],
  };
  issues.throwIfAny();
  return resolved;
}
