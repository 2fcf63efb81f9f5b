import { z } from 'zod';
import { RECORD_ACTIVITY_DAYS_MAX, RECORD_EVENTS_PER_PAGE_MAX } from '@revlane/contracts';

/**
 * A record's id as the customer's data has it: any text (ids come from sources), so an id of
 * an odd shape is a 404 like an unknown one. At most what a filter value may be (the record
 * is read through the segment compiler, whose values stop at 1,000 characters).
 */
export const recordParamsSchema = z.object({ id: z.string().max(1_000) });

/** Keeps OFFSET an exact integer on both engines, as segment pages do. */
const MAX_PAGE = 1_000_000;

/** `GET {kind}/{id}/events`: a bad page or perPage is a 400 naming `query.page` / `query.perPage`. */
export const recordEventsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  perPage: z.coerce.number().int().min(1).max(RECORD_EVENTS_PER_PAGE_MAX).default(50),
});
export type RecordEventsQuery = z.infer<typeof recordEventsQuerySchema>;

/** `GET {kind}/{id}/activity`: the last `days` UTC days, today included. */
export const recordActivityQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(RECORD_ACTIVITY_DAYS_MAX).default(180),
});
export type RecordActivityQuery = z.infer<typeof recordActivityQuerySchema>;
