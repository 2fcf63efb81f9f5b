import { z } from 'zod';

/** Segment as the menu and pages see it (docs/product.md §3): id, name, disabled (default false). */
export const segmentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  disabled: z.boolean().default(false),
});
export type SegmentSummary = z.infer<typeof segmentSummarySchema>;

/** API paths of the live-operations service, relative to its base URL (docs/product.md §7). */
export const LIVE_OPS_API = {
  mySegments: 'segments/me',
  segment: (segmentId: string) => `segments/${segmentId}`,
  /** Versions of the segment's definition (name, base filters), newest first. */
  versions: (segmentId: string) => `segments/${segmentId}/versions`,
  data: (segmentId: string) => `segments/${segmentId}/data`,
  exportTickets: (segmentId: string) => `segments/${segmentId}/export-tickets`,
  export: (segmentId: string) => `segments/${segmentId}/export`,
  filters: 'segments/filters',
  columns: (table: string) => `segments/tables/${table}/columns`,
} as const;

/** `GET segments/me`: the user's segments, in menu order. */
export const segmentSummaryListSchema = z.array(segmentSummarySchema);
