import type { SortInfo } from '@revlane/contracts';
import { badRequest } from '../../../platform/errors/http-error.js';
import {
  isSegmentQueryError,
  WarehousePreparingError,
  type SegmentQueryInput,
} from '../../../warehouse/index.js';
import { toSegmentDetail } from '../segments/segment-defaults.js';
import type { SegmentRecord } from '../segments/segments.repository.js';

export interface RequestedList {
  search?: string | undefined;
  sortBy?: SortInfo[] | undefined;
  filters?: unknown[] | undefined;
  columns?: unknown[] | undefined;
  page?: number;
  perPage?: number;
  groupBy?: string[] | undefined;
}

/**
 * A request's list query as compiler input: the organization from the auth context (never
 * the request), the segment's base table and base filters, and its saved columns and (for rows) sort when
 * the request gives none.
 */
export function toQueryInput(
  orgId: string,
  segment: SegmentRecord,
  list: RequestedList,
  /** The signed-in user's email: what "me" means on an owner's email (ADR 0032). */
  viewerEmail: string | null = null,
): SegmentQueryInput {
  const settings = toSegmentDetail(segment, 'ready');
  // The saved sort orders rows; groups sort by their keys unless the query says otherwise.
  const savedSort = list.groupBy?.length ? [] : settings.sorting;
  return {
    orgId,
    table: segment.baseTable,
    baseFilters: segment.filters,
    filters: list.filters,
    search: list.search,
    sortBy: list.sortBy?.length ? list.sortBy : savedSort,
    columns: (list.columns?.length ? list.columns : settings.columns) as string[],
    page: list.page,
    perPage: list.perPage,
    groupBy: list.groupBy,
    // What each numeric column shows in groups: the segment's choice, whatever the grouping.
    aggregates: settings.grouping.aggregates,
    viewerEmail,
  };
}

export type Readiness<T> = { state: 'ready'; value: T } | { state: 'preparing' };

/**
 * Runs a read: compiler issues become a 400 naming each query field (`query.filters[0].operator`),
 * a warehouse without its first load becomes the preparing state.
 */
export async function readSegment<T>(run: () => Promise<T>): Promise<Readiness<T>> {
  try {
    return { state: 'ready', value: await run() };
  } catch (error) {
    if (error instanceof WarehousePreparingError) return { state: 'preparing' };
    if (isSegmentQueryError(error)) {
      const errors = error.issues.map((issue) => ({
        path: `query.${issue.path === 'groupBy' ? 'pivot' : issue.path}`,
        message: issue.message,
      }));
      throw badRequest('The segment query is invalid', errors);
    }
    throw error;
  }
}
