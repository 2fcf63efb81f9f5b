import {
  DEFAULT_PER_PAGE,
  describeFilterValueProblem,
  isFilterGroup,
  listQuerySchema,
  serializeListParams,
  SPECIAL_COLUMN_NAMES,
  type FilterItem,
  type ListParams,
} from '@revlane/contracts';

/** The table's view: the list params of docs/product.md §3 plus the grouping chosen in the toolbar. */
export interface SegmentView extends ListParams {
  page: number;
  perPage: number;
  /** `undefined`: the segment's own grouping; `null`: grouping turned off in the toolbar. */
  groupBy?: string | null;
}

const GROUP_BY_PARAM = SPECIAL_COLUMN_NAMES.pivot;
const fields = listQuerySchema.shape;

/** Parses one param with the API's own schema; anything invalid falls back to the default. */
function read<T>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T } },
  value: string | null,
) {
  if (value === null) return undefined;
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

/** Whether a filter, or every condition of a group, has a value that fits its operator. */
const isWellFormed = (item: FilterItem) =>
  (isFilterGroup(item) ? item.filters : [item]).every(
    (filter) => describeFilterValueProblem(filter) === null,
  );

/** The view a URL describes (a link or a reload reproduces it); bad params are ignored. */
export function parseSegmentView(search: URLSearchParams): SegmentView {
  const filters = read(fields.filters, search.get('filters'))?.filter(isWellFormed);
  const groupBy = search.get(GROUP_BY_PARAM);
  return {
    page: read(fields.page, search.get('page')) ?? 1,
    perPage: read(fields.perPage, search.get('perPage')) ?? DEFAULT_PER_PAGE,
    search: read(fields.search, search.get('search')) || undefined,
    sortBy: read(fields.sortBy, search.get('sortBy'))?.filter((sort) => sort.field !== ''),
    filters,
    columns: read(fields.columns, search.get('columns')),
    groupBy: groupBy === null ? undefined : groupBy || null,
  };
}

/** The URL query of a view, written with the API's serialisation (defaults left out). */
export function toSearchParams(view: SegmentView): URLSearchParams {
  const query = serializeListParams({
    ...view,
    page: view.page === 1 ? undefined : view.page,
    perPage: view.perPage === DEFAULT_PER_PAGE ? undefined : view.perPage,
  });
  const search = new URLSearchParams(query);
  if (view.groupBy !== undefined) search.set(GROUP_BY_PARAM, view.groupBy ?? '');
  return search;
}

/** The list query the data endpoint receives for a view. */
export function toDataQuery(view: SegmentView): Record<string, string> {
  const { groupBy: _groupBy, ...params } = view;
  return serializeListParams(params);
}

/** The export's query: the data query without paging (docs/architecture.md §4.5). */
export function toExportQuery(view: SegmentView) {
  const { page: _page, perPage: _perPage, ...query } = toDataQuery(view);
  return query;
}
