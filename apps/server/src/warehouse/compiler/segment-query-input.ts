import type { BaseTable, FilterOperator, GroupAggregate, SortInfo } from '@revlane/contracts';
import type { CatalogueColumn } from '../catalogue/catalogue-column.js';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';

/**
 * What a segment page, count, grouping or export asks for: the list query of docs/product.md §7
 * (already parsed by `listQuerySchema` in the route, or not: everything is re-checked).
 */
export interface SegmentQueryInput {
  /** Scopes every table reference; never taken from the request. */
  orgId: string;
  table: BaseTable;
  /**
   * The organization's column catalogue (ADR 0026: built-in columns and its custom
   * attributes), as recorded with the load the query reads. Omitted: the built-in one.
   */
  catalogue?: OrgCatalogue;
  /**
   * `{ field, operator, value }` objects and `{ match, filters }` groups of them,
   * AND-combined (docs/architecture.md §5.3).
   */
  filters?: readonly unknown[];
  /**
   * The segment's own definition (its base filter set), AND-combined with `filters`: what
   * every page, count, group, export, cohort and trend of the segment starts from. Issues
   * are named `baseFilters[i]…`, so a stale definition is not blamed on the request.
   */
  baseFilters?: readonly unknown[];
  search?: string;
  /**
   * Epoch milliseconds of the moment relative-date filters count from (its UTC day): a
   * cohort's snapshot passes its own moment. Omitted: now. Series queries count from each
   * row's as-of day instead.
   */
  asOf?: number;
  /**
   * Who the filter value "me" on an owner's email (`owner_email`, `account_owner_email`)
   * means: the signed-in user's email (ADR 0032). Omitted, "me" matches no owner.
   */
  viewerEmail?: string | null;
  sortBy?: readonly SortInfo[];
  /** Column names to return, in order; default: the whole catalogue. */
  columns?: readonly string[];
  page?: number;
  /** Capped at MAX_PER_PAGE. */
  perPage?: number;
  /** `[pivot]` or `[pivot, pivot_identifier]`: group instead of listing rows. */
  groupBy?: readonly string[];
  /**
   * The segment's aggregate per numeric column (its grouping settings); a column without
   * one, or whose choice no longer fits it, shows its default (resolve-aggregates.ts).
   */
  aggregates?: Readonly<Record<string, unknown>>;
  /**
   * The segment table to read instead of the base table's own (a series table from
   * withAsOfSeriesTables, for compileSeriesQuery). Code only, never from a request;
   * qualified like every table.
   */
  sourceTable?: string;
  /**
   * Only the records that entered (or left) a cohort at its snapshots since `since`: the
   * export of a cohort's Entered / Left list (ADR 0013). Code only, from a checked request.
   */
  changesOf?: CohortChangesScope;
}

export interface CohortChangesScope {
  cohortId: string;
  change: 'entered' | 'left';
  /** Epoch milliseconds. */
  since: number;
}

/** A filter after validation: a catalogue column, an allowed operator, a normalised value. */
export interface ResolvedFilter {
  column: CatalogueColumn;
  operator: FilterOperator;
  value: NormalisedValue;
}

/** A group of filters (docs/product.md §5.2): any or all of them match. */
export interface ResolvedGroup {
  match: 'any' | 'all';
  filters: ResolvedFilter[];
}

export type ResolvedCondition = ResolvedFilter | ResolvedGroup;

/**
 * Values as the SQL builders use them: strings already lower-cased where the comparison is
 * case-insensitive, dates as timestamp literals of day boundaries.
 */
export type NormalisedValue =
  | null
  | string
  | number
  | boolean
  | readonly (string | number)[]
  | { from: string; to: string }
  | { days: number };

export interface ResolvedSort {
  column: CatalogueColumn;
  descending: boolean;
}

/** A numeric column of a grouped view and the aggregate it shows. */
export interface ResolvedAggregate {
  column: CatalogueColumn;
  aggregate: GroupAggregate;
}

/** What a grouped query can sort by: a group column, the record count, or an aggregate. */
export type GroupSortTarget =
  | { kind: 'key'; index: number }
  | { kind: 'count' }
  | { kind: 'aggregate'; aggregate: ResolvedAggregate };

export interface ResolvedGroupSort {
  target: GroupSortTarget;
  descending: boolean;
}

export interface ResolvedQuery {
  orgId: string;
  table: BaseTable;
  catalogue: OrgCatalogue;
  /** The segment table the query reads (the base table's own unless told otherwise). */
  sourceTable: string;
  filters: ResolvedCondition[];
  /** Epoch milliseconds of the UTC day relative-date filters count from. */
  today: number;
  /** Lower-cased search text, or null. */
  search: string | null;
  sort: ResolvedSort[];
  columns: CatalogueColumn[];
  page: number;
  perPage: number;
  groupBy: CatalogueColumn[];
  /** Grouped queries: the numeric columns shown (besides the group columns), aggregated. */
  aggregates: ResolvedAggregate[];
  groupSort: ResolvedGroupSort[];
  changesOf: CohortChangesScope | null;
}
