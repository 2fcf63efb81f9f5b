import { z } from 'zod';
import { baseTableSchema } from './segment-data.js';
import { updateSegmentBodySchema } from './segment-settings.js';

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
  /** `POST`: create a segment (docs/product.md §7). */
  segments: 'segments',
  segment: (segmentId: string) => `segments/${segmentId}`,
  /** What deleting the segment would break, for the delete dialog to list first. */
  dependents: (segmentId: string) => `segments/${segmentId}/dependents`,
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

const settingsFields = updateSegmentBodySchema.shape;

/**
 * `POST segments`: a name (the rename rules: 1–100 characters, unique in the organization),
 * the base table, and optionally its starting base filters (its definition), checked exactly
 * as the settings' base filters are.
 */
export const createSegmentBodySchema = z.strictObject({
  name: settingsFields.name.unwrap(),
  baseTable: baseTableSchema,
  filters: settingsFields.filters,
});
export type CreateSegmentBody = z.infer<typeof createSegmentBodySchema>;

/**
 * What keeps a segment from being deleted (ADR 0006): its cohorts, each followed by the
 * alerts and plays that watch it. A refused delete (409) names them the same way in its
 * `errors` (`path` `<kind>:<id>`, `message` the name).
 */
export const segmentDependentSchema = z.object({
  kind: z.enum(['cohort', 'alert', 'play', 'activation']),
  id: z.string(),
  name: z.string(),
});
export type SegmentDependent = z.infer<typeof segmentDependentSchema>;
export const segmentDependentListSchema = z.array(segmentDependentSchema);
