import { z } from 'zod';
import {
  DEFAULT_PER_PAGE,
  exportTicketBodySchema,
  listQuerySchema,
  parseSort,
  type SortInfo,
} from '@revlane/contracts';

function jsonList(what: string) {
  return z
    .string()
    .max(100_000)
    .transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        if (Array.isArray(value)) return value as unknown[];
      } catch {
        // Reported below.
      }
      ctx.addIssue({ code: 'custom', message: `${what} must be a JSON array` });
      return z.NEVER;
    });
}

/**
 * The list serialisation of docs/product.md §7 (`listQuerySchema`), with the item checks left to THE
 * segment compiler, so a bad filter is named as `query.filters[0].operator` by the same code
 * whatever route it arrives through; `perPage` above MAX_PER_PAGE is capped, not refused.
 */
export const segmentListQuerySchema = listQuerySchema.extend({
  perPage: z.coerce.number().int().min(1).default(DEFAULT_PER_PAGE),
  filters: jsonList('filters').optional(),
  columns: jsonList('columns').optional(),
});

export const segmentDataQuerySchema = segmentListQuerySchema.extend({
  pivot: z.string().min(1).max(200).optional(),
  pivot_identifier: z.string().min(1).max(200).optional(),
});
export type SegmentDataQuery = z.infer<typeof segmentDataQuerySchema>;

/**
 * The parts of a list query an export is bound to, as the client sent them: the list query,
 * the grouping when the view is grouped, and the cohort whose page it is exported from. The
 * same fields as the ticket's body (the ticket is bound to them), but not strict: the export
 * URL carries the ticket and the impersonated user besides.
 */
export const exportListQuerySchema = z.object(exportTicketBodySchema.shape);
export type ExportListQuery = z.infer<typeof exportListQuerySchema>;

export function parseSortBy(text: string | undefined): SortInfo[] | undefined {
  return text?.split(',').filter(Boolean).map(parseSort);
}
