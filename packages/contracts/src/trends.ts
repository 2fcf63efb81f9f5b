import { z } from 'zod';
import { cohortFiltersSchema } from './cohorts.js';

/*
 * Trends of a segment's cohorts (docs/architecture.md §6): requests and points. Their paths
 * stay in COHORTS_API beside the cohort routes they read from.
 */

const isoDay = z.iso.date();

export const TREND_METRICS = ['members', 'entered', 'left'] as const;
export const TREND_INTERVALS = ['day', 'week', 'month'] as const;
export const TREND_RANGE_DAYS_MAX = 366;
export const TREND_WINDOW_MAX = 90;
/** Points an ad-hoc (unsaved filters) trend may compute live; saved cohorts read snapshots. */
export const AD_HOC_TREND_POINTS_MAX = 60;

/**
 * `POST segments/{id}/trend` and `POST segments/{id}/rolling-avg` (docs/architecture.md §6). With
 * `cohortId` the points come from the cohort's membership snapshots; otherwise `filters`
 * (default: none, the whole segment) are evaluated as of the end of each interval.
 * `from`/`to` are UTC days, both included. `window` is the rolling average's width in
 * intervals (the trend ignores it).
 */
export const trendRequestSchema = z
  .strictObject({
    cohortId: z.uuid().optional(),
    filters: cohortFiltersSchema.optional(),
    metric: z.enum(TREND_METRICS).default('members'),
    from: isoDay,
    to: isoDay,
    interval: z.enum(TREND_INTERVALS).default('day'),
    window: z.number().int().min(1).max(TREND_WINDOW_MAX).default(7),
  })
  .superRefine((body, context) => {
    if (body.cohortId && body.filters) {
      context.addIssue({
        code: 'custom',
        path: ['filters'],
        message: 'Give either cohortId or filters, not both',
      });
    }
    if (body.from > body.to) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
    }
    const days = (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000 + 1;
    if (days > TREND_RANGE_DAYS_MAX) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A trend covers at most ${TREND_RANGE_DAYS_MAX} days`,
      });
    }
  });
export type TrendRequest = z.infer<typeof trendRequestSchema>;
export type TrendRequestInput = z.input<typeof trendRequestSchema>;

/** One point: the interval's first day and its value (null: no snapshot in the interval). */
export const trendPointSchema = z.object({ date: isoDay, value: z.number().nullable() });
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const trendResponseSchema = z.object({
  metric: z.enum(TREND_METRICS),
  interval: z.enum(TREND_INTERVALS),
  /** The rolling average's window; null on a plain trend. */
  window: z.number().int().nullable(),
  source: z.enum(['snapshots', 'computed']),
  points: z.array(trendPointSchema),
});
export type TrendResponse = z.infer<typeof trendResponseSchema>;
