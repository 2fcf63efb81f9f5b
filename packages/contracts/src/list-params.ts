import { z } from 'zod';
import { filterItemSchema, type FilterItem } from './filters.js';

/** Sort info (docs/product.md §3): a field and its direction. */
export interface SortInfo {
  field: string;
  isDescending: boolean;
}

/** List query parameters (docs/product.md §3) as the SPA holds them. */
export interface ListParams {
  page?: number;
  perPage?: number;
  search?: string;
  sortBy?: SortInfo[];
  filters?: FilterItem[];
  columns?: string[];
}

export const MAX_PER_PAGE = 500;
export const DEFAULT_PER_PAGE = 50;

/** `+field` ascending, `-field` descending (docs/product.md §7). */
export function formatSort(sort: SortInfo): string {
  return `${sort.isDescending ? '-' : '+'}${sort.field}`;
}

export function parseSort(token: string): SortInfo {
  const sign = token[0];
  if (sign === '-' || sign === '+') return { field: token.slice(1), isDescending: sign === '-' };
  return { field: token, isDescending: false };
}

/**
 * Serialises list params the way docs/product.md §7 says: page, perPage, sortBy with a sign prefix,
 * filters and columns as JSON, search; empty lists are omitted.
 */
export function serializeListParams(params: ListParams): Record<string, string> {
  const query: Record<string, string> = {};
  if (params.page !== undefined) query.page = String(params.page);
  if (params.perPage !== undefined) query.perPage = String(params.perPage);
  if (params.sortBy?.length) query.sortBy = params.sortBy.map(formatSort).join(',');
  if (params.filters?.length) query.filters = JSON.stringify(params.filters);
  if (params.columns?.length) query.columns = JSON.stringify(params.columns);
  if (params.search) query.search = params.search;
  return query;
}

function jsonArray<T extends z.ZodType>(item: T) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(z.array(item));
}

/** The server side of the same serialisation: parses and bounds a list query. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  search: z.string().max(200).optional(),
  sortBy: z
    .string()
    .max(1000)
    .transform((text) => text.split(',').filter(Boolean).map(parseSort))
    .optional(),
  filters: jsonArray(filterItemSchema).optional(),
  columns: jsonArray(z.string().min(1).max(200)).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
